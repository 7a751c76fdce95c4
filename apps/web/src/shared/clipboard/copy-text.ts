/**
 * Copies text and says whether it worked, so that "copied" is only claimed when true. The
 * Clipboard API exists only on secure pages (https or localhost) and may be refused; a host on a
 * plain-http address in the office falls back to the older selection copy.
 */
export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (clipboard && doc.defaultView?.isSecureContext) {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, page not focused): try the older way below.
    }
  }
  return copyBySelection(text, doc);
}

function copyBySelection(text: string, doc: Document): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.appendChild(area);
  try {
    area.select();
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
