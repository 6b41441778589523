"""Running the ``spadeslib`` command on a pseudo-terminal, as a person at a keyboard would."""

from __future__ import annotations

import os
import pty
import select
import sys
import time


def run_on_terminal(args: list[str], lines: list[str], env: dict[str, str]) -> tuple[int, str]:
    """Run the command on a pseudo-terminal, typing each line once a prompt shows."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, its stdin, stdout and stderr the terminal
        os.execve(sys.executable, [sys.executable, "-m", "spadeslib", *args], env)
    output = b""
    pending = list(lines)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            output += chunk
            if pending and output.rstrip().endswith(b">"):
                os.write(fd, pending.pop(0).encode() + b"\n")
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), output.decode("utf-8", "replace")
