#!/usr/bin/env python3
"""A `$BROWSER` for tests: fetches the authorization URL and follows its redirects (to the
login's loopback listener), as a browser whose user approves at once would."""

import sys
import urllib.error
import urllib.request

try:
    urllib.request.urlopen(sys.argv[1], timeout=30).read()
except urllib.error.HTTPError:
    pass  # an error page at the end of the redirects is the login's business
