/**
 * A value made on first use. Intl formatters and collators cost the browser milliseconds to
 * build (the first one loads the locale's data, ~56 ms of a phone's first screen at 4× CPU):
 * modules keep them lazy, so only the screens that format with them pay.
 */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    if (value === undefined) value = make();
    return value;
  };
}
