#!/usr/bin/env python3
"""A `$BROWSER` for tests: fetches the authorization URL and follows its redirects (to the
login's loopback listener), keeping the cookies an authorization server sets on the way (its
interaction session), as a browser whose user approves at once would."""

import http.cookiejar
import sys
import urllib.error
import urllib.request

browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
try:
    browser.open(sys.argv[1], timeout=30).read()
except urllib.error.HTTPError:
    pass  # an error page at the end of the redirects is the login's business
