#!/usr/bin/python3
"""A native game's web view, for tests: WebKitGTK (WebKit2 4.1, the engine and the script-message API of iOS's
WKWebView) opening a page the way a game host does, and reporting what the page did as JSON.

Reads its options as JSON on stdin (see packages/testing/src/webkit.ts for each field), runs them `runs` times,
each in a fresh web view and an ephemeral website data store (a cold start, nothing cached), and prints one JSON
object to stdout:
  { "runs": [ { "messages", "navigations", "scripts", "query", "console", "reports", "loadFailed",
                "loadFinishedMs", "timedOut" } ], "webkit": "2.50.6" }

- Every message posted to `window.webkit.messageHandlers.<name>` (one per `handlers` entry) is recorded, and so
  is every navigation to a custom URL scheme (anything but http, https, file, about, data and blob), which is
  refused as a URL-scheme plugin such as UniWebView does. Both are parsed as the page's JSON where they carry it.
- `actions` run JavaScript at `load-finished` (WebKitLoadEvent FINISHED, a WKWebView's didFinishNavigation, an
  Android WebView's onPageFinished) or when a message of a given type arrives, as a game's evaluateJavaScript.
- The run ends once the `until` message counts are reached and each `untilSeen` pattern matches a message or a
  report (then `settleMs` more), or after `timeoutMs`; then the `query` (an async function body) is evaluated in
  the page and its result returned. User scripts report by posting to messageHandlers.webkitHostReport.
- `console` is what WebKit itself writes for the page: console calls, uncaught errors, policy violations.
Starts its own Xvfb when there is no DISPLAY.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from urllib.parse import parse_qs, urlsplit

BROWSER_SCHEMES = {"http", "https", "file", "about", "data", "blob"}
# Scripts that report back to the harness (user scripts, queries) post here; it is never a page's bridge name.
REPORT_HANDLER = "webkitHostReport"


def start_xvfb():
    """An Xvfb on a free display, chosen by the server itself (-displayfd), killed when this process ends."""
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read_fd, 16)
        if not chunk:
            raise RuntimeError("Xvfb exited before it gave a display")
        number += chunk
    os.close(read_fd)
    os.environ["DISPLAY"] = ":" + number.decode().strip()
    return server


def main():
    options = json.loads(sys.stdin.read() or "{}")
    xvfb = start_xvfb() if not os.environ.get("DISPLAY") else None
    # WebKit writes the page's console to stderr (enable-write-console-messages-to-stdout, despite its name):
    # fd 2 becomes a file the web processes inherit, read after each run; this program's own errors go to the
    # real stderr, kept aside.
    errors = os.fdopen(os.dup(2), "w")
    sys.stderr = errors
    console_file = tempfile.TemporaryFile()
    os.dup2(console_file.fileno(), 2)
    answer = sys.stdout
    # A headless machine has no GPU; the sandbox needs user namespaces a container may not give.
    os.environ.setdefault("WEBKIT_DISABLE_COMPOSITING_MODE", "1")
    os.environ.setdefault("WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS", "1")
    os.environ.setdefault("LIBGL_ALWAYS_SOFTWARE", "1")
    try:
        import gi

        gi.require_version("Gtk", "3.0")
        gi.require_version("WebKit2", "4.1")
        from gi.repository import GLib, Gtk, WebKit2

        runs = []
        for index in range(int(options.get("runs", 1))):
            runs.append(run_once(options, index, console_file, GLib, Gtk, WebKit2))
        version = f"{WebKit2.get_major_version()}.{WebKit2.get_minor_version()}.{WebKit2.get_micro_version()}"
        answer.write(json.dumps({"runs": runs, "webkit": version}))
        answer.write("\n")
        answer.flush()
    finally:
        if xvfb:
            xvfb.terminate()
            xvfb.wait()


def parse_json(text):
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def matches(value, pattern):
    """Whether `value` holds everything `pattern` has (objects key by key, anything else equal)."""
    if isinstance(pattern, dict):
        return isinstance(value, dict) and all(key in value and matches(value[key], want) for key, want in pattern.items())
    return value == pattern


def js_value(value):
    """A JSCValue as plain JSON data (strings stay strings)."""
    if value is None or value.is_undefined():
        return None
    if value.is_string():
        return value.to_string()
    text = value.to_json(0)
    return parse_json(text) if text is not None else None


# "<url>:<line>:<column>: CONSOLE [<source>] <level> <text>": console.log has no source, an uncaught error is
# "JS ERROR", a policy violation "SECURITY ERROR".
CONSOLE_LINE = re.compile(
    r"^(?:(?P<where>.*?): )?CONSOLE (?:(?P<source>[A-Z]+) )?(?P<level>LOG|ERROR|WARN|WARNING|INFO|DEBUG) (?P<text>.*)$"
)


GLIB_LOG_LINE = re.compile(r"^(\(\S+:\d+\): |\*\* |\S+-(WARNING|CRITICAL|Message)|WebKit)")


def read_console(console_file, start):
    """What WebKit wrote for the page since `start`: "<url>:<line>:<column>: CONSOLE JS ERROR <text>" lines."""
    console_file.flush()
    console_file.seek(start)
    text = console_file.read().decode("utf-8", "replace")
    console_file.seek(0, os.SEEK_END)
    entries = []
    for line in text.splitlines():
        match = CONSOLE_LINE.match(line)
        if match:
            entries.append(match.groupdict())
        elif entries and not GLIB_LOG_LINE.match(line):
            # A message that spans lines.
            entries[-1]["text"] += "\n" + line
    return entries


def run_once(options, index, console_file, GLib, Gtk, WebKit2):
    console_start = console_file.seek(0, os.SEEK_END)
    started = time.monotonic()
    elapsed = lambda: round((time.monotonic() - started) * 1000)
    loop = GLib.MainLoop()
    result = {
        "run": index,
        "messages": [],
        "navigations": [],
        "scripts": [],
        "reports": [],
        "query": None,
        "queryError": None,
        "console": [],
        "loadFailed": None,
        "loadFinishedMs": None,
        "timedOut": False,
    }
    handlers = list(options.get("handlers", []))
    schemes = options.get("schemes")  # None: every scheme a browser does not know
    actions = list(options.get("actions", []))
    until = dict(options.get("until", {}))
    until_seen = list(options.get("untilSeen", []))
    state = {"done": False, "settle": None}

    # A cold start: website data and caches in a fresh folder (an ephemeral store would do, but WebKit then
    # writes nothing of the page's console).
    data_dir = tempfile.TemporaryDirectory(prefix="webkit-host-")
    context = WebKit2.WebContext(
        website_data_manager=WebKit2.WebsiteDataManager(
            base_data_directory=os.path.join(data_dir.name, "data"),
            base_cache_directory=os.path.join(data_dir.name, "cache"),
        )
    )
    context.set_cache_model(WebKit2.CacheModel.DOCUMENT_VIEWER)
    manager = WebKit2.UserContentManager()
    for script in options.get("userScripts", []):
        manager.add_script(
            WebKit2.UserScript.new(
                script["source"],
                WebKit2.UserContentInjectedFrames.ALL_FRAMES
                if script.get("allFrames", True)
                else WebKit2.UserContentInjectedFrames.TOP_FRAME,
                WebKit2.UserScriptInjectionTime.START
                if script.get("at") == "start"
                else WebKit2.UserScriptInjectionTime.END,
                None,
                None,
            )
        )
    view = WebKit2.WebView(web_context=context, user_content_manager=manager)
    settings = view.get_settings()
    settings.set_enable_write_console_messages_to_stdout(True)
    settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)
    settings.set_allow_file_access_from_file_urls(bool(options.get("allowFileAccessFromFileUrls", False)))
    window = Gtk.OffscreenWindow() if options.get("offscreen") else Gtk.Window()
    width, height = options.get("width", 390), options.get("height", 844)
    window.set_default_size(width, height)
    view.set_size_request(width, height)
    window.add(view)
    window.show_all()

    def message_types():
        counts = {}
        for message in result["messages"]:
            kind = (message.get("data") or {}).get("type") if isinstance(message.get("data"), dict) else None
            if kind:
                counts[kind] = counts.get(kind, 0) + 1
        return counts

    def finish():
        if state["done"]:
            return
        state["done"] = True
        query = options.get("query")
        if not query:
            loop.quit()
            return

        def answered(source, task):
            try:
                result["query"] = js_value(source.call_async_javascript_function_finish(task))
            except GLib.Error as error:
                result["queryError"] = error.message
            loop.quit()

        view.call_async_javascript_function(query, -1, None, None, None, None, answered)

    def settled():
        finish()
        return False

    def check_until():
        if state["done"] or state["settle"] is not None or not (until or until_seen):
            return
        counts = message_types()
        seen = [message.get("data") for message in result["messages"]] + result["reports"]
        if all(counts.get(kind, 0) >= count for kind, count in until.items()) and all(
            any(matches(value, pattern) for value in seen) for pattern in until_seen
        ):
            state["settle"] = GLib.timeout_add(int(options.get("settleMs", 0)), settled)

    def run_script(trigger, script):
        entry = {"on": trigger, "script": script[:200], "atMs": elapsed(), "result": None, "error": None}
        result["scripts"].append(entry)

        def evaluated(source, task):
            try:
                entry["result"] = js_value(source.evaluate_javascript_finish(task))
            except GLib.Error as error:
                entry["error"] = error.message

        view.evaluate_javascript(script, -1, None, None, None, evaluated)

    def on_message(kind, body):
        data = parse_json(body) if isinstance(body, str) else body
        result["messages"].append({"via": kind, "body": body, "data": data, "atMs": elapsed()})
        message_type = data.get("type") if isinstance(data, dict) else None
        for action in actions:
            if action.get("on") == f"message:{message_type}":
                run_script(action["on"], action["script"])
        check_until()

    def on_report(_manager, value):
        value = value.get_js_value() if hasattr(value, "get_js_value") else value
        report = value.to_string() if value.is_string() else js_value(value)
        result["reports"].append(parse_json(report) if isinstance(report, str) else report)
        check_until()

    def on_script_message(_manager, value, name):
        value = value.get_js_value() if hasattr(value, "get_js_value") else value
        on_message(f"handler:{name}", value.to_string() if value.is_string() else js_value(value))

    for name in handlers + [REPORT_HANDLER]:
        manager.register_script_message_handler(name)
        if name == REPORT_HANDLER:
            manager.connect(f"script-message-received::{name}", on_report)
        else:
            manager.connect(f"script-message-received::{name}", on_script_message, name)

    def on_policy(_view, decision, decision_type):
        if decision_type not in (
            WebKit2.PolicyDecisionType.NAVIGATION_ACTION,
            WebKit2.PolicyDecisionType.NEW_WINDOW_ACTION,
        ):
            return False
        action = decision.get_navigation_action()
        url = action.get_request().get_uri()
        scheme = url.split(":", 1)[0].lower()
        custom = scheme in schemes if schemes is not None else scheme not in BROWSER_SCHEMES
        result["navigations"].append(
            {
                "url": url,
                "newWindow": decision_type == WebKit2.PolicyDecisionType.NEW_WINDOW_ACTION,
                "decision": "ignore" if custom else "use",
                "atMs": elapsed(),
            }
        )
        if not custom:
            return False
        decision.ignore()
        # As UniWebView: <scheme>://<path>?<args>; the page's message is the `payload` argument.
        payload = parse_qs(urlsplit(url).query).get("payload", [None])[0]
        on_message(f"scheme:{scheme}", payload if payload is not None else url)
        return True

    def on_load(_view, event):
        if event != WebKit2.LoadEvent.FINISHED or result["loadFinishedMs"] is not None:
            return
        result["loadFinishedMs"] = elapsed()
        for action in actions:
            if action.get("on", "load-finished") == "load-finished":
                run_script("load-finished", action["script"])
        if not (until or until_seen):
            GLib.timeout_add(int(options.get("settleMs", 0)), settled)

    def on_load_failed(_view, _event, uri, error):
        result["loadFailed"] = {"uri": uri, "error": error.message}
        return False

    def on_timeout():
        if not state["done"]:
            result["timedOut"] = True
            finish()
        return False

    view.connect("decide-policy", on_policy)
    view.connect("load-changed", on_load)
    view.connect("load-failed", on_load_failed)
    view.connect("web-process-terminated", lambda _v, reason: result.update(loadFailed={"crashed": int(reason)}))
    timer = GLib.timeout_add(int(options.get("timeoutMs", 20000)), on_timeout)
    view.load_uri(options["url"])
    loop.run()
    if not result["timedOut"]:
        GLib.source_remove(timer)
    window.destroy()
    # Lets WebKit flush what the page wrote to the console before it is read.
    end = time.monotonic() + 0.2
    while time.monotonic() < end:
        Gtk.main_iteration_do(False)
    result["console"] = read_console(console_file, console_start)
    data_dir.cleanup()
    return result


if __name__ == "__main__":
    main()
