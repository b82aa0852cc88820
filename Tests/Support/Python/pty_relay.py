#!/usr/bin/env python3
"""Runs a program on a pseudo-terminal inside the real terminal it is started in (G7 tests):
bytes pass both ways unchanged (so the program's capability probe talks to the real terminal),
and keys written to a FIFO are typed into the program as if from the keyboard."""
import fcntl, os, pty, select, sys, termios, tty

fifo, cmd = sys.argv[1], sys.argv[2:]
ws = fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, ws)
    os.execv(cmd[0], cmd)
tty.setraw(0)
keys = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
while True:
    r, _, _ = select.select([0, fd, keys], [], [])
    try:
        if fd in r:
            data = os.read(fd, 65536)
            if not data:
                break
            os.write(1, data)
        if 0 in r:
            os.write(fd, os.read(0, 4096))
        if keys in r:
            os.write(fd, os.read(keys, 4096))
    except OSError:
        break
os.waitpid(pid, 0)
