/// <reference lib="dom" />
/**
 * The site's play page: tic-tac-toe, Nim and Connect Four in the browser
 * against the library's engines. Bundled by `deno task site` into one
 * classic script (`play.js`: module scripts do not load from `file:` URLs),
 * with the Connect Four worker's source in `GTS_WORKER_SOURCE` and the
 * opening book's text in `GTS_BOOK_TEXT`.
 *
 * The page's state is in data attributes, for people reading the DOM and
 * for the browser tests: each game's root has `data-turn` (`human`,
 * `engine` or `over`) and `data-result` (`human`, `engine`, `draw` or
 * empty); Connect Four's has `data-moves` (the game in column digits) and
 * `data-hints` (`done` once every column is scored).
 *
 * The location's hash starts a Connect Four game: `#c4=4453&engine=first`
 * (`engine`: `first`, `second` or `none`; `budget`: nodes per column).
 *
 * @module
 */

import { alphaBeta } from "../../search/alpha_beta.ts";
import { TicTacToe } from "../../games/tic_tac_toe.ts";
import { Nim, nimSum, winningMoves } from "../../games/nim.ts";
import { ConnectFour } from "../../games/connect_four.ts";
import {
  bestColumn,
  type ColumnHint,
  ConnectFourHints,
  formatHint,
  MAX_COLUMN_NODES,
} from "./c4_hints.ts";
import type { HintReply, HintRequest } from "./c4_worker.ts";

/** Set by the bundler: the bundled worker script. */
declare const GTS_WORKER_SOURCE: string;
/** Set by the bundler: the text of `data/connect4/book.txt`. */
declare const GTS_BOOK_TEXT: string;

const $ = <T extends Element = HTMLElement>(selector: string, root?: Element) =>
  (root ?? document).querySelector(selector) as T;

function element(
  tag: string,
  attributes: Record<string, string> = {},
  text = "",
): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    node.setAttribute(name, value);
  }
  if (text) node.textContent = text;
  return node;
}

/** Runs `work` after the browser has painted (so that a status shows first). */
const later = (work: () => void, ms = 30) => setTimeout(work, ms);

// ---------------------------------------------------------------- tic-tac-toe

function ticTacToe(root: HTMLElement) {
  const board = $(".ttt-board", root);
  const status = $("[data-role=status]", root);
  const engineSide = $<HTMLSelectElement>("select[name=engine]", root);
  const showHints = $<HTMLInputElement>("input[name=hints]", root);
  let position = TicTacToe.empty();
  const cells: HTMLButtonElement[] = [];
  for (let cell = 0; cell < 9; cell++) {
    const button = element("button", {
      class: "ttt-cell",
      "data-cell": String(cell),
      "aria-label": `cell ${cell + 1}`,
    }) as HTMLButtonElement;
    button.addEventListener("click", () => play(cell, "human"));
    board.append(button);
    cells.push(button);
  }
  const mark = (ply: number) => (ply & 1) === 0 ? "X" : "O";
  const engineToMove = () =>
    !position.isTerminal() && engineSide.value === mark(position.ply);

  function render() {
    const text = position.toString();
    const hints = showHints.checked && !position.isTerminal() &&
        !engineToMove()
      ? moveValues()
      : new Map<number, number>();
    for (let cell = 0; cell < 9; cell++) {
      const button = cells[cell]!;
      const piece = text.replace(/\s/g, "")[cell] ?? ".";
      button.textContent = piece === "." ? "" : piece;
      button.className = `ttt-cell ${piece === "." ? "" : piece}`;
      const value = hints.get(cell);
      button.setAttribute(
        "data-hint",
        value === undefined ? "" : String(value),
      );
      if (value !== undefined) {
        button.textContent = value > 0 ? "win" : value < 0 ? "loss" : "draw";
        button.classList.add("hint", value > 0 ? "w" : value < 0 ? "l" : "d");
      }
      button.disabled = piece !== "." || position.isTerminal() ||
        engineToMove();
    }
    const winner = position.winner();
    if (winner !== null || position.ply === 9) {
      const result = winner === null
        ? "draw"
        : winner === engineSide.value
        ? "engine"
        : "human";
      root.dataset.turn = "over";
      root.dataset.result = result;
      status.textContent = winner === null
        ? "Draw."
        : `${winner} wins${result === "engine" ? " (the engine)" : ""}.`;
    } else {
      root.dataset.turn = engineToMove() ? "engine" : "human";
      root.dataset.result = "";
      status.textContent = engineToMove()
        ? `The engine (${mark(position.ply)}) is thinking…`
        : `${mark(position.ply)} to move: click a cell.`;
    }
  }

  /** Each empty cell's value for the side to move: 1 win, 0 draw, −1 loss. */
  function moveValues(): Map<number, number> {
    const values = new Map<number, number>();
    const moves = new Int32Array(9);
    const count = position.generateMoves(moves);
    for (let i = 0; i < count; i++) {
      const child = position.clone();
      child.play(moves[i]!);
      values.set(moves[i]!, -alphaBeta(child).value);
    }
    return values;
  }

  function play(cell: number, who: "human" | "engine") {
    if (position.isTerminal() || (who === "human" && engineToMove())) return;
    position.play(cell);
    render();
    if (engineToMove()) later(engineMove);
  }

  function engineMove() {
    if (!engineToMove()) return;
    play(alphaBeta(position).move, "engine");
  }

  function newGame() {
    position = TicTacToe.empty();
    render();
    if (engineToMove()) later(engineMove);
  }
  $("button[name=new]", root).addEventListener("click", newGame);
  engineSide.addEventListener("change", newGame);
  showHints.addEventListener("change", render);
  newGame();
}

// ------------------------------------------------------------------------ Nim

/** The largest heap and the most heaps the page offers (tokens are buttons). */
const NIM_MAX_HEAP = 30, NIM_MAX_HEAPS = 8;

/** Reads heap sizes like "3 4 5"; throws a message naming the rule. */
function parseHeaps(text: string): number[] {
  const parts = text.trim().split(/[\s,]+/).filter((part) => part !== "");
  if (parts.length === 0 || parts.length > NIM_MAX_HEAPS) {
    throw new Error(
      `Heaps: give 1 to ${NIM_MAX_HEAPS} heap sizes, got ${parts.length}`,
    );
  }
  return parts.map((part) => {
    const size = Number(part);
    if (!/^\d+$/.test(part) || size < 1 || size > NIM_MAX_HEAP) {
      throw new Error(
        `Heaps: each heap must be an integer in 1…${NIM_MAX_HEAP}, got "${part}"`,
      );
    }
    return size;
  });
}

function nim(root: HTMLElement) {
  const heapsInput = $<HTMLInputElement>("input[name=heaps]", root);
  const engineSide = $<HTMLSelectElement>("select[name=engine]", root);
  const showHints = $<HTMLInputElement>("input[name=hints]", root);
  const board = $(".nim-board", root);
  const status = $("[data-role=status]", root);
  const hint = $("[data-role=hint]", root);
  let position = new Nim([3, 4, 5]);
  let lastMover: "human" | "engine" = "human";
  let ply = 0;
  const engineToMove = () =>
    !position.isTerminal() &&
    (engineSide.value === "first") === ((ply & 1) === 0);

  function render() {
    board.replaceChildren();
    position.heaps.forEach((size, heap) => {
      const row = element("div", {
        class: "nim-heap",
        "data-heap": String(heap),
      });
      row.append(element("span", { class: "nim-label" }, `heap ${heap + 1}`));
      for (let token = 0; token < size; token++) {
        const button = element("button", {
          class: "nim-token",
          "data-token": String(token),
          title: `take ${size - token}`,
        }) as HTMLButtonElement;
        button.disabled = engineToMove();
        button.addEventListener("click", () => take(heap, size - token));
        row.append(button);
      }
      row.append(element("span", { class: "nim-count" }, String(size)));
      board.append(row);
    });
    const sum = nimSum(position.heaps);
    if (position.isTerminal()) {
      root.dataset.turn = "over";
      root.dataset.result = lastMover;
      status.textContent = lastMover === "engine"
        ? "The engine took the last counter: it wins."
        : "You took the last counter: you win.";
      hint.textContent = "";
      return;
    }
    root.dataset.turn = engineToMove() ? "engine" : "human";
    root.dataset.result = "";
    status.textContent = engineToMove()
      ? "The engine is thinking…"
      : "Your move: click a counter to take it and every one to its right. Whoever takes the last counter wins.";
    const winning = winningMoves(position.heaps);
    hint.textContent = !showHints.checked || engineToMove()
      ? ""
      : sum === 0
      ? "Nim-sum 0: every move loses against best play."
      : `Nim-sum ${sum}: winning ${winning.length === 1 ? "move" : "moves"}: ${
        winning.map((move) => `take ${move.take} from heap ${move.heap + 1}`)
          .join("; ")
      }.`;
  }

  function take(heap: number, count: number) {
    if (engineToMove() || position.isTerminal()) return;
    apply(heap, count, "human");
  }

  function apply(heap: number, count: number, who: "human" | "engine") {
    position.play(position.moveOf(heap, count));
    lastMover = who;
    ply++;
    render();
    if (engineToMove()) later(engineMove, 400);
  }

  function engineMove() {
    if (!engineToMove()) return;
    const heaps = position.heaps;
    const winning = winningMoves(heaps);
    if (winning.length > 0) {
      apply(winning[0]!.heap, winning[0]!.take, "engine");
    } else {
      // A lost position: take one counter from the largest heap, to last longest.
      const largest = heaps.indexOf(Math.max(...heaps));
      apply(largest, 1, "engine");
    }
  }

  function newGame() {
    let heaps: number[];
    try {
      heaps = parseHeaps(heapsInput.value);
    } catch (error) {
      status.textContent = (error as Error).message;
      return;
    }
    position = new Nim(heaps);
    ply = 0;
    lastMover = "human";
    render();
    if (engineToMove()) later(engineMove, 400);
  }
  $("button[name=new]", root).addEventListener("click", newGame);
  engineSide.addEventListener("change", newGame);
  showHints.addEventListener("change", render);
  newGame();
}

// --------------------------------------------------------------- Connect Four

/** The node budget of a column solved on the page (no worker): about a tenth of a second. */
const PAGE_MAX_NODES = 300_000;

/** Scores columns in a Web Worker, or in slices on this thread when none starts. */
class HintService {
  #worker: Worker | null = null;
  #url: string | null = null;
  #busy = false;
  #id = 0;
  #fallback: ConnectFourHints | null = null;
  #onReply: (reply: HintReply) => void = () => {};
  /** The request in flight, and whether the worker has answered it at all. */
  #last: [string, number] | null = null;
  #replied = false;
  /** How the hints are computed, for the page: "worker" or "page". */
  mode: "worker" | "page" = "worker";

  constructor() {
    try {
      this.#url = URL.createObjectURL(
        new Blob([GTS_WORKER_SOURCE], { type: "text/javascript" }),
      );
      this.#start();
    } catch {
      this.mode = "page";
    }
  }

  #start() {
    const worker = new Worker(this.#url!);
    worker.onmessage = (event: MessageEvent<HintReply>) => {
      if (event.data.id !== this.#id) return;
      this.#replied = true;
      if (!("hint" in event.data)) this.#busy = false;
      this.#onReply(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.#busy = false;
      worker.terminate();
      if (!this.#replied && this.#last !== null) {
        // The worker never answered (a browser that refuses blob workers):
        // score on the page instead.
        this.mode = "page";
        const [moves, maxNodes] = this.#last;
        this.request(moves, maxNodes, this.#onReply);
        return;
      }
      this.#onReply({ id: this.#id, error: event.message || "worker failed" });
    };
    this.#worker = worker;
  }

  /** Asks for every column's hint; an earlier request still running is dropped. */
  request(
    moves: string,
    maxNodes: number,
    onReply: (reply: HintReply) => void,
  ) {
    const id = ++this.#id;
    this.#onReply = onReply;
    this.#last = [moves, maxNodes];
    this.#replied = false;
    if (this.mode === "worker") {
      if (this.#busy) {
        // A solve cannot be interrupted inside the worker: start another.
        this.#worker!.terminate();
        this.#start();
      }
      this.#busy = true;
      const request: HintRequest = { id, moves, maxNodes };
      this.#worker!.postMessage(request);
      return;
    }
    this.#fallback ??= new ConnectFourHints(GTS_BOOK_TEXT);
    const columns = [3, 2, 4, 1, 5, 0, 6];
    const step = () => {
      if (id !== this.#id) return;
      const column = columns.shift();
      if (column === undefined) {
        onReply({ id, done: true });
        return;
      }
      try {
        // On the page a column's solve holds the page: keep each one short.
        const hint = this.#fallback!.column(
          moves,
          column,
          Math.min(maxNodes, PAGE_MAX_NODES),
        );
        if (hint !== null) onReply({ id, hint });
        setTimeout(step, 0);
      } catch (error) {
        onReply({ id, error: (error as Error).message });
      }
    };
    setTimeout(step, 0);
  }

  /** Drops the request in flight. */
  cancel() {
    this.#id++;
  }
}

function connectFour(root: HTMLElement) {
  const board = $(".c4-board", root);
  const status = $("[data-role=status]", root);
  const detail = $("[data-role=detail]", root);
  const engineSide = $<HTMLSelectElement>("select[name=engine]", root);
  const budget = $<HTMLSelectElement>("select[name=budget]", root);
  const start = $<HTMLInputElement>("input[name=start]", root);
  const showHints = $<HTMLInputElement>("input[name=hints]", root);
  const service = new HintService();
  root.dataset.solver = service.mode;
  let moves = "";
  let position = ConnectFour.empty();
  let hints: ColumnHint[] = [];
  let engineProven = true;
  const columns: HTMLButtonElement[] = [];
  const labels: HTMLElement[] = [];
  const hintRow = element("div", { class: "c4-hints" });
  for (let column = 0; column < 7; column++) {
    const button = element("button", {
      class: "c4-col",
      "data-col": String(column),
      "aria-label": `column ${column + 1}`,
    }) as HTMLButtonElement;
    for (let row = 0; row < 6; row++) {
      button.append(element("span", { class: "c4-cell" }));
    }
    button.addEventListener("click", () => humanMove(column));
    board.append(button);
    columns.push(button);
    const label = element("span", {
      class: "c4-hint",
      "data-col": String(column),
    });
    hintRow.append(label);
    labels.push(label);
  }
  board.after(hintRow);

  const mover = () => (moves.length & 1) === 0 ? "first" : "second";
  const engineToMove = () =>
    !position.isTerminal() && engineSide.value === mover();

  function render() {
    root.dataset.moves = moves;
    for (let column = 0; column < 7; column++) {
      const cells = columns[column]!.children;
      for (let row = 0; row < 6; row++) cells[row]!.className = "c4-cell";
    }
    const heights = new Array(7).fill(0);
    for (let i = 0; i < moves.length; i++) {
      const column = Number(moves[i]) - 1;
      const cell = columns[column]!.children[heights[column]++]!;
      cell.className = `c4-cell ${(i & 1) === 0 ? "x" : "o"}`;
      if (i === moves.length - 1) cell.classList.add("last");
    }
    for (let column = 0; column < 7; column++) {
      columns[column]!.disabled = position.isTerminal() || engineToMove() ||
        !position.canPlay(column);
    }
    for (const label of labels) {
      label.textContent = "";
      label.className = "c4-hint";
    }
    if (showHints.checked) {
      for (const hint of hints) {
        const label = labels[hint.column]!;
        label.textContent = formatHint(hint);
        label.title = hint.source === "book"
          ? "from the opening book"
          : hint.source === "end"
          ? "the game ends here"
          : `solver, ${hint.nodes.toLocaleString("en")} nodes${
            hint.lower === hint.upper ? "" : " (budget spent: bounds)"
          }`;
        label.classList.add(
          hint.lower > 0 ? "w" : hint.upper < 0 ? "l" : hint.lower === 0 &&
              hint.upper === 0
            ? "d"
            : "u",
        );
      }
    }
    const names = { first: "Red (first)", second: "Yellow (second)" };
    if (position.isTerminal()) {
      root.dataset.turn = "over";
      if (!position.won) {
        root.dataset.result = "draw";
        status.textContent = "Draw: the board is full.";
      } else {
        const winner = (moves.length & 1) === 1 ? "first" : "second";
        const result = winner === engineSide.value ? "engine" : "human";
        root.dataset.result = result;
        status.textContent = `${names[winner]} wins${
          result === "engine" ? " (the engine)" : ""
        }.`;
      }
      return;
    }
    root.dataset.result = "";
    root.dataset.turn = engineToMove() ? "engine" : "human";
    status.textContent = engineToMove()
      ? `The engine (${names[mover()]}) is thinking…`
      : `${names[mover()]} to move: click a column.`;
  }

  function describeHints(done: boolean) {
    const solved = hints.filter((hint) => hint.source === "solver");
    const nodes = solved.reduce((sum, hint) => sum + hint.nodes, 0);
    const where = service.mode === "worker" ? "in a Web Worker" : "on the page";
    detail.textContent = done
      ? `Scores from the side to move: +k wins (larger is sooner), 0 draws, −k loses. ${
        hints.length - solved.length
      } column(s) from the book or the game's end, ${solved.length} solved ${where} (${
        nodes.toLocaleString("en")
      } nodes)${
        engineProven
          ? ""
          : "; the budget stopped a solve, so the engine's last move was not proven best"
      }.`
      : `Scoring the columns ${where}…`;
  }

  function think() {
    hints = [];
    root.dataset.hints = "";
    render();
    if (position.isTerminal()) {
      root.dataset.hints = "done";
      detail.textContent = "";
      return;
    }
    describeHints(false);
    const asked = moves;
    service.request(asked, Number(budget.value), (reply) => {
      if (asked !== moves) return;
      root.dataset.solver = service.mode;
      if ("error" in reply) {
        detail.textContent = `No hints: ${reply.error}`;
        root.dataset.hints = "error";
        // Without hints the engine has no move: say so rather than "thinking".
        if (engineToMove()) {
          status.textContent = `The engine cannot move: ${reply.error}`;
        }
        return;
      }
      if ("hint" in reply) {
        hints.push(reply.hint);
        render();
        return;
      }
      root.dataset.hints = "done";
      if (engineToMove()) {
        const choice = bestColumn(hints);
        engineProven = choice.proven;
        // "false" once any engine move of the game was not proven best.
        if (!choice.proven) root.dataset.proven = "false";
        describeHints(true);
        // The player may have switched the engine off in between.
        later(() => {
          if (asked === moves && engineToMove()) playColumn(choice.column);
        }, 150);
      } else {
        describeHints(true);
      }
    });
  }

  function playColumn(column: number) {
    position.play(column);
    moves += String(column + 1);
    think();
  }

  function humanMove(column: number) {
    if (engineToMove() || position.isTerminal() || !position.canPlay(column)) {
      return;
    }
    playColumn(column);
  }

  function newGame(from: string) {
    try {
      position = ConnectFour.parse(from);
    } catch (error) {
      status.textContent = `Start: ${(error as Error).message}`;
      return;
    }
    service.cancel();
    moves = from;
    engineProven = true;
    root.dataset.proven = "true";
    think();
  }

  function fromHash() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    const c4 = params.get("c4");
    if (c4 === null) return false;
    const engine = params.get("engine");
    if (engine === "first" || engine === "second" || engine === "none") {
      engineSide.value = engine;
    }
    const nodes = params.get("budget");
    if (
      nodes !== null &&
      !(/^[1-9]\d{0,9}$/.test(nodes) && Number(nodes) <= MAX_COLUMN_NODES)
    ) {
      // The budget named in the address is not one a solve can take: the
      // game starts with the page's own, and a note under the board says why.
      status.after(element(
        "p",
        { "data-role": "notice" },
        `The address's budget ${
          JSON.stringify(nodes.slice(0, 40))
        } is not a node count in 1…${MAX_COLUMN_NODES}: the page's ${budget.value} nodes a column are used.`,
      ));
    } else if (nodes !== null) {
      if (![...budget.options].some((option) => option.value === nodes)) {
        budget.append(element("option", { value: nodes }, nodes));
      }
      budget.value = nodes;
    }
    start.value = c4;
    newGame(c4);
    root.scrollIntoView();
    return true;
  }

  $("button[name=new]", root).addEventListener(
    "click",
    () => newGame(start.value.trim()),
  );
  engineSide.addEventListener("change", () => {
    if (engineToMove()) think();
    else render();
  });
  showHints.addEventListener("change", render);
  budget.addEventListener("change", () => think());
  addEventListener("hashchange", fromHash);
  if (!fromHash()) newGame("");
}

ticTacToe($("#tic-tac-toe"));
nim($("#nim"));
connectFour($("#connect-four"));
