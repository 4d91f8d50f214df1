/** Has the browser save `href` (a signed file URL or an object URL) as `name`. */
export function saveAs(href: string, name: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves `blob` as `name`; its object URL is released once the browser has had time to take it. */
export function saveBlob(blob: Blob, name: string, keepMs = 1000) {
  const url = URL.createObjectURL(blob);
  saveAs(url, name);
  setTimeout(() => URL.revokeObjectURL(url), keepMs);
}
