"""A server that never answers: it reads stdin until it closes, then exits with 0."""
import sys

import jsonrpc  # noqa: F401 (records the PID)

for _ in sys.stdin:
    pass
sys.exit(0)
