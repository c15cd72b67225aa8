/** Copies text; falls back to a hidden textarea where the Clipboard API is missing (plain http off localhost). */
export async function copyText(text: string): Promise<void> {
  // Absent outside a secure context (an http address other than localhost), whatever the DOM types say.
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (clipboard && window.isSecureContext) {
    await clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copy failed');
}
