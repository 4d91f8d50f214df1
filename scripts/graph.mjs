// The import graph's circles, for scripts/import-circles.mjs and scripts/layering.mjs.

/** Tarjan's strongly connected components: every component of more than one file is a circle. */
export function circles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).onStack) {
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
      }
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || [...(graph.get(v) ?? [])].includes(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return found;
}
