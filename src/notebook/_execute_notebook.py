"""Executes a notebook with nbclient, without losing the Deno kernel's late outputs.

Called by src/notebook/jupyter.ts; not meant to be run by hand. Two subcommands:

  probe NAME
      Prints {"nbclient": version, "argv": [...]} for kernelspec NAME as JSON,
      or exits 3 with the reason on stderr.
  execute --input IN --output OUT --cwd DIR [--kernel deno] [--timeout S] [--grace S]
      Runs every code cell of IN in a kernel started in DIR, writes the executed
      notebook to OUT (IN is never written) and prints a JSON report:
      {"replyErrors": [{"cell", "ename", "evalue"}], "lateOutputs": n}.
      Exits 0 whenever OUT was written, even when cells failed: judging the
      outputs is the caller's job. A fault (the kernel did not start, died, or
      a cell ran past --timeout seconds) stops the kernel at once, writes no
      OUT, prints {"fault": {"kind", "cell", "message"}} (kind "start", "dead",
      "timeout" or "read"; cell from 0, or null) and exits 4. SIGINT or SIGTERM
      stops the kernel, writes no OUT and exits 130 or 143. Prints
      "_execute_notebook.py: kernel pid N" on stderr once the kernel runs.

Why not plain `jupyter nbconvert --execute` (measured with Deno 2.9.6,
nbclient 0.7.2, see tests/notebooks_test.ts):

- The Deno kernel sometimes publishes a cell's output on IOPub *after* its
  `status: idle` message (~1 cell in 10, ~0 ms late). nbclient stops listening
  for a cell at its idle message and drops messages whose parent is another
  request, so the output is lost for good. `iopub_timeout` does not help: it
  only bounds the wait *for* idle. Here every message is routed to the cell
  that sent the request, whenever it arrives, and the last cell is followed by
  a quiet period of `--grace` seconds.
- A promise rejected and not awaited in a cell leaves no trace at all: no error
  output, no stderr, an "ok" reply. Before the first cell, a silent request
  installs `unhandledrejection` and `error` listeners that print
  "Uncaught (in promise) ..." / "Uncaught ..." to the cell's stderr, where the
  caller finds them.
"""

import argparse
import asyncio
import atexit
import json
import signal
import sys
import time

FAULT_EXIT = 4

# Installed silently (no output, no execution count) before the first cell.
DETECT_UNCAUGHT = """
globalThis.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  console.error("Uncaught (in promise)", event.reason);
});
globalThis.addEventListener("error", (event) => {
  event.preventDefault();
  console.error("Uncaught", event.error ?? event.message);
});
"""


def probe(name):
    try:
        import nbclient
        from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
    except ImportError as error:
        print(f"{sys.executable} cannot import nbclient/jupyter_client: {error}", file=sys.stderr)
        return 3
    try:
        spec = KernelSpecManager().get_kernel_spec(name)
    except NoSuchKernel:
        print(f'No Jupyter kernelspec named "{name}"', file=sys.stderr)
        return 3
    print(json.dumps({"nbclient": nbclient.__version__, "argv": spec.argv,
                      "resourceDir": spec.resource_dir}))
    return 0


def execute(args):
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionComplete, CellTimeoutError, DeadKernelError

    class RoutingClient(NotebookClient):
        """NotebookClient that routes late IOPub messages to their own cell."""

        def __init__(self, nb, grace, **kw):
            super().__init__(nb, **kw)
            self.grace = grace
            self.cells_by_request = {}
            self.reply_errors = []
            self.late_outputs = 0
            # The cell being executed, for fault reports; None outside cells.
            self.current_cell = None
            self.stopped_by = None
            self.install_signal_handlers = lambda: None

        async def async_start_new_kernel(self, **kw):
            # nbclient's own SIGINT/SIGTERM handlers (installed just before)
            # only schedule a kernel shutdown and let the cell run on into a
            # DeadKernelError; ours stop everything at once.
            self.install_signal_handlers()
            result = await super().async_start_new_kernel(**kw)
            # The kernel runs in a session of its own and holds our stderr: if
            # we are killed, the caller ends it by this PID (its group's).
            pid = getattr(getattr(self.km, "provisioner", None), "pid", None)
            if pid:
                print(f"_execute_notebook.py: kernel pid {pid}", file=sys.stderr, flush=True)
            return result

        async def async_start_new_kernel_client(self):
            kc = await super().async_start_new_kernel_client()
            msg_id = kc.execute(DETECT_UNCAUGHT, silent=True, store_history=False)
            reply = await self.async_wait_for_reply(msg_id)
            if reply is None or reply["content"]["status"] != "ok":
                raise RuntimeError(f"The kernel rejected the set-up code: {reply}")
            return kc

        def route_late(self, msg):
            """Appends a message that arrived after its cell's idle to that cell."""
            request = msg["parent_header"].get("msg_id")
            if request not in self.cells_by_request:
                return
            if msg["msg_type"] in ("status", "execute_input"):
                return
            cell, index = self.cells_by_request[request]
            try:
                self.process_message(msg, cell, index)
                self.late_outputs += 1
            except CellExecutionComplete:
                pass

        async def _async_poll_output_msg(self, parent_msg_id, cell, cell_index):
            self.cells_by_request[parent_msg_id] = (cell, cell_index)
            while True:
                msg = await self.kc.iopub_channel.get_msg(timeout=None)
                if msg["parent_header"].get("msg_id") == parent_msg_id:
                    try:
                        self.process_message(msg, cell, cell_index)
                    except CellExecutionComplete:
                        return
                else:
                    self.route_late(msg)

        async def drain(self):
            """Routes messages until none arrives for `grace` seconds."""
            from queue import Empty

            deadline = time.monotonic() + max(10 * self.grace, 5)
            while time.monotonic() < deadline:
                try:
                    msg = await self.kc.iopub_channel.get_msg(timeout=self.grace)
                except (Empty, asyncio.TimeoutError):
                    return
                self.route_late(msg)

        async def _check_raise_for_error(self, cell, cell_index, exec_reply):
            content = (exec_reply or {}).get("content", {})
            if content.get("status") == "error":
                self.reply_errors.append({"cell": cell_index, "ename": content.get("ename", ""),
                                          "evalue": content.get("evalue", "")})

        async def async_execute_cell(self, cell, cell_index, *rest, **kw):
            self.current_cell = cell_index
            try:
                result = await super().async_execute_cell(cell, cell_index, *rest, **kw)
                if cell_index == len(self.nb.cells) - 1:
                    await self.drain()
            except BaseException:
                # A kernel stuck in a cell would not answer a shutdown request.
                self.shutdown_kernel = "immediate"
                raise
            self.current_cell = None
            return result

    def fault(kind, cell, message):
        print(json.dumps({"fault": {"kind": kind, "cell": cell, "message": message}}))
        return FAULT_EXIT

    try:
        nb = nbformat.read(args.input, as_version=4)
    except Exception as error:  # not JSON, not a notebook, unreadable
        return fault("read", None, f"{type(error).__name__}: {error}")

    client = RoutingClient(
        nb,
        grace=args.grace,
        kernel_name=args.kernel,
        timeout=args.timeout,
        allow_errors=True,
        record_timing=False,
        resources={"metadata": {"path": args.cwd}},
    )

    async def run():
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()

        def stop(signum):
            if client.stopped_by is None:
                client.stopped_by = signum
                client.shutdown_kernel = "immediate"
                task.cancel()

        def install():
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, stop, signum)

        client.install_signal_handlers = install
        install()
        try:
            await client.async_execute()
        finally:
            # Cancelled while the kernel was starting: nbclient's clean-up
            # has not run yet.
            if client.km is not None and client.km.has_kernel:
                client.shutdown_kernel = "immediate"
                await client._async_cleanup_kernel()
            atexit.unregister(client._cleanup_kernel)

    try:
        asyncio.run(run())
    except BaseException as error:
        if client.stopped_by is not None:
            return 128 + client.stopped_by
        cell = client.current_cell
        if isinstance(error, CellTimeoutError):
            return fault("timeout", cell, f"no reply within {args.timeout} s")
        if isinstance(error, DeadKernelError):
            return fault("dead", cell, str(error))
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        return fault("start" if cell is None else "dead", cell,
                     f"{type(error).__name__}: {error}")
    if client.stopped_by is not None:
        return 128 + client.stopped_by
    nbformat.write(nb, args.output)
    print(json.dumps({"replyErrors": client.reply_errors, "lateOutputs": client.late_outputs}))
    return 0


def main():
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    probe_parser = commands.add_parser("probe")
    probe_parser.add_argument("kernel")
    execute_parser = commands.add_parser("execute")
    execute_parser.add_argument("--input", required=True)
    execute_parser.add_argument("--output", required=True)
    execute_parser.add_argument("--cwd", required=True)
    execute_parser.add_argument("--kernel", default="deno")
    execute_parser.add_argument("--timeout", type=int, default=600)
    execute_parser.add_argument("--grace", type=float, default=1.0)
    args = parser.parse_args()
    if args.command == "probe":
        return probe(args.kernel)
    return execute(args)


if __name__ == "__main__":
    sys.exit(main())
