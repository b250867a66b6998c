/** `value` is one of `list` (a readonly tuple of literals widens to readonly string[] without a cast). */
export function isOneOf(list: readonly string[], value: string): boolean {
  return list.includes(value);
}
