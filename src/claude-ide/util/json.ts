// JSON helpers. In Lua an empty table is ambiguous: vim.json.encode writes `[]` for `{}`. Build JSON objects
// that may be empty with `dict()`, and decode with `decode()` which never throws.

/** An empty table that vim.json.encode writes as `{}`; assign fields to it like a normal object. */
export function dict<T extends object = { [key: string]: unknown }>(fields?: T): T {
  const d = vim.empty_dict() as unknown as T;
  if (fields !== undefined) {
    for (const [k, v] of pairs(fields)) (d as { [key: string]: unknown })[k as string] = v;
  }
  return d;
}

/** Encodes a value as JSON. */
export function encode(value: unknown): string {
  return vim.json.encode(value);
}

export type DecodeResult = { ok: true; value: unknown } | { ok: false; error: string };

/** Decodes JSON text; JSON null becomes vim.NIL (so that `"id": null` stays distinguishable). Never throws. */
export function decode(text: string): DecodeResult {
  const [ok, value] = pcall(vim.json.decode, text);
  if (!ok) return { ok: false, error: tostring(value) };
  return { ok: true, value };
}

/** True for a decoded JSON object (a Lua table that is not a non-empty list). */
export function isObject(value: unknown): value is { [key: string]: unknown } {
  // next() rather than vim.tbl_isempty, which validates its argument: this runs several times per message.
  return type(value) === "table" && !(next(value as object)[0] !== undefined && vim.islist(value));
}
