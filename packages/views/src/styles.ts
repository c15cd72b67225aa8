/**
 * The renderer's one stylesheet: what inline styles cannot say (keyframes, :hover, :disabled, descendants).
 * Every class starts with `cb-`, so it can sit in the dashboard's document (the editor preview) as well as in
 * an isolated iframe. The host document carries it once, wherever it draws views: the preview's frame in its head,
 * the embed page beside its popup, the published page in its head (put there by its build, so its script does not
 * carry a second copy, and the popup publishing prerenders paints with it).
 *
 * A claimed day greys its artwork only: its texts keep their colours, so they read as well as on any other card
 * (WCAG AA; fading the whole card left "Day 1" at 2.04:1, decision 030). The check mark is white on a green dark
 * enough for it (5.0:1).
 */
export const VIEWS_CSS = `
.cb-view{position:relative;width:100%;height:100%;overflow:hidden;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.25;-webkit-font-smoothing:antialiased}
.cb-view,.cb-view *,.cb-view *::before,.cb-view *::after{box-sizing:border-box}
.cb-root{position:relative;width:100%;height:100%}
.cb-fit{display:flex;flex-direction:column;align-items:stretch;flex:none;width:100%;max-width:var(--cb-popup-max-width,480px);margin-left:auto;margin-right:auto;transform-origin:top center}
.cb-background{position:relative;width:100%;height:100%;display:flex;flex-direction:column;justify-content:safe center;align-items:stretch;padding:16px;overflow:auto;background-size:cover;background-position:center}
.cb-text{margin:0;min-width:0;overflow-wrap:anywhere;white-space:pre-wrap}
.cb-image{display:block;flex:none;max-width:100%;object-fit:contain;align-self:center}
.cb-image-placeholder{background:rgba(148,163,184,.25);border:1px dashed rgba(148,163,184,.6)}
.cb-artwork{display:flex;align-items:center;justify-content:center;line-height:1;user-select:none}
.cb-badge{display:flex;align-items:center;justify-content:center;width:100%;height:100%;border-radius:50%;background:rgba(255,255,255,.15);color:#fff;font-weight:700}
.cb-button{display:inline-flex;align-items:center;justify-content:center;flex:none;max-width:100%;align-self:center;border:0;padding:0 16px;font:inherit;font-weight:700;cursor:pointer;background-size:100% 100%}
.cb-button:disabled{cursor:default;opacity:.5}
.cb-button[aria-busy=true]{cursor:progress;opacity:.85}
.cb-button[aria-busy=true]::before{content:"";flex:none;width:1em;height:1em;margin-right:.5em;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:cb-spin .8s linear infinite}
.cb-button:not(:disabled):active{transform:translateY(1px)}
.cb-grid{display:flex;min-width:0}
.cb-anim-pulse{animation:cb-pulse 1.6s ease-in-out infinite}
.cb-anim-float{animation:cb-float 3s ease-in-out infinite}
.cb-anim-hover{transition:transform .2s ease}
.cb-anim-hover:hover{transform:scale(1.08)}
.cb-day{position:relative}
.cb-day-today{box-shadow:0 0 0 3px var(--cb-accent,#FFE16D);animation:cb-today 2s ease-in-out infinite}
.cb-day-claimed .cb-image{opacity:.45;filter:grayscale(1)}
.cb-day-pending{animation:none;box-shadow:0 0 0 3px var(--cb-accent,#FFE16D),0 0 18px var(--cb-accent,#FFE16D)}
.cb-day-check{position:absolute;top:-7px;right:-7px;width:22px;height:22px;box-shadow:0 0 0 2px rgba(2,16,49,.9);border-radius:50%;display:flex;align-items:center;justify-content:center;background:#15803d;color:#fff;font-size:14px;font-weight:700}
.cb-close{position:absolute;top:8px;right:8px;z-index:1;width:32px;height:32px;border:0;border-radius:50%;background:rgba(0,0,0,.45);color:#fff;font:inherit;font-size:20px;line-height:1;cursor:pointer}
.cb-selected{outline:2px solid #3b82f6;outline-offset:-2px}
.cb-hovered:not(.cb-selected){outline:1px dashed #60a5fa;outline-offset:-1px}
@keyframes cb-pulse{50%{transform:scale(1.06)}}
@keyframes cb-float{50%{transform:translateY(-6px)}}
@keyframes cb-spin{to{transform:rotate(360deg)}}
@keyframes cb-today{50%{box-shadow:0 0 0 5px var(--cb-accent,#FFE16D),0 0 14px var(--cb-accent,#FFE16D)}}
@media (prefers-reduced-motion:reduce){.cb-anim-pulse,.cb-anim-float,.cb-day-today,.cb-button[aria-busy=true]::before{animation:none}}
`.trim();
