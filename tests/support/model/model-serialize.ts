/**
 * serializeState helper for model specs: a traversal node is (state value, the context parts that matter), which keeps
 * the state space small; whole user contexts in the context are left to `pick`.
 */
export function serializeWith<S extends { value: unknown }>(pick: (snapshot: S) => unknown) {
  return (snapshot: S): string => JSON.stringify([snapshot.value, pick(snapshot)]);
}
