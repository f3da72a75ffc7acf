// A function of a string remembered for the last `kept` keys (the oldest one goes first): the text checks
// see the same lesson or option many times in a row, and a Lambda's memory must not grow with every text.
export function boundedMemo<V>(kept: number, make: (key: string) => V): (key: string) => V {
  const seen = new Map<string, V>();
  return (key) => {
    let value = seen.get(key);
    if (value === undefined) {
      value = make(key);
      if (seen.size >= kept) seen.delete(seen.keys().next().value!);
      seen.set(key, value);
    }
    return value;
  };
}
