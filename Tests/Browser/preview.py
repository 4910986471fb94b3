"""`sitegen serve` for the browser tests in this folder."""

import os
import re
import subprocess


def serve(sitegen, site, work, processes):
    """Starts `sitegen serve` on a free port of 127.0.0.1 (its temp folder under `work`) and returns
    its origin (`http://127.0.0.1:PORT/`); `processes` gets it, for the caller to stop."""
    server = subprocess.Popen([sitegen, "serve", "--site", site, "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, env=dict(os.environ, TMPDIR=work))
    processes.append(server)
    first = server.stdout.readline()
    match = re.fullmatch(r"serving (http://127\.0\.0\.1:\d+/)\n", first)
    assert match, "no serving line: " + repr(first)
    return match.group(1)
