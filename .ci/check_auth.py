"""Fail when an endpoint of the server extension can be reached without authentication.

jupyter_server emits a JupyterServerAuthWarning for every handler that lacks an auth
decorator when unauthenticated access is disallowed; this turns those warnings into a failure.
Run from the repository root: `python .ci/check_auth.py`.
"""

import sys
import warnings

from jupyter_server.serverapp import ServerApp
from jupyter_server.utils import JupyterServerAuthWarning

app = ServerApp(
    allow_unauthenticated_access=False,
    jpserver_extensions={"jupyterlab_gptinterp": True},
    # An extension that fails to load must fail this check, not pass it vacuously.
    reraise_server_extension_failures=True,
)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    app.initialize(argv=[], find_extensions=False, new_httpserver=False)


def routes(router):
    """Every path pattern the tornado application serves."""
    for rule in getattr(router, "rules", []):
        regex = getattr(rule.matcher, "regex", None)
        if regex is not None:
            yield regex.pattern
        yield from routes(rule.target)


ours = sorted({p for p in routes(app.web_app.default_router) if "gptinterp" in p})
print(f"check_auth: {len(ours)} gptinterp route(s): {', '.join(ours) or 'none'}")

unauthenticated = [str(w.message) for w in caught if issubclass(w.category, JupyterServerAuthWarning)]
if unauthenticated:
    print("\n".join(unauthenticated))
    sys.exit(
        "Endpoints above lack authentication: decorate their verbs with "
        "@tornado.web.authenticated (websockets: @ws_authenticated), or mark a deliberately "
        "public one with @allow_unauthenticated from jupyter_server.auth.decorator."
    )

print("check_auth: every endpoint of jupyterlab_gptinterp requires authentication")
