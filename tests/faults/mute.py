"""A server that never answers: it reads stdin until it closes, then exits with 0.
Writes its PID to the file named by its first argument."""
import os
import sys

with open(sys.argv[1], "w") as f:
    f.write(str(os.getpid()))
for _ in sys.stdin:
    pass
sys.exit(0)
