"""The resource every route of the extension is authorized as: jupyter_server's authorizer is
asked about "gptinterp" as it is about "kernels" or "contents", so a deployment's own Authorizer
can allow or refuse the sidebar as a whole."""

AUTH_RESOURCE = "gptinterp"
