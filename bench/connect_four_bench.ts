// Connect Four solver on the two public benchmark sets (Pons' protocol: the
// table is cleared before each position). One iteration solves the whole set;
// mean time per position = time per iteration / 1,000. Reference (native C++,
// this kind of machine): End-Easy 6.3 µs and 51.3 nodes, Middle-Easy 45.5 µs
// and 449.6 nodes per position.
import { ConnectFour, ConnectFourSolver } from "../mod.ts";

const solver = new ConnectFourSolver();

for (
  const [name, file, nodes] of [
    ["End-Easy", "end_easy.txt", 51_279],
    ["Middle-Easy", "middle_easy.txt", 449_280],
  ] as const
) {
  const positions = Deno.readTextFileSync(
    new URL(`../data/connect4/${file}`, import.meta.url),
  ).trim().split("\n").map((line) => ConnectFour.parse(line.split(" ")[0]!));
  Deno.bench({
    name: `solve ${name} (1,000 positions, ${
      nodes.toLocaleString("en")
    } nodes)`,
    group: "connect four",
    fn() {
      let total = 0;
      for (const position of positions) total += solver.solve(position).nodes;
      // The node count is the search's signature: it changes only when the search is meant to.
      if (total !== nodes) throw new Error(`${name}: ${total} nodes`);
    },
  });
}
