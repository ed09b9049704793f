"""JupyterHub: a real hub (jupyterhub 6.1.1) started here, with two users, the dummy authenticator,
the local-process spawner and configurable-http-proxy from npm; each user's single-user server
loads the extension, as a hub admin would deploy it. Everything goes through the proxy with the
users' own hub tokens, as their browsers would.

- Each user's chats, proposals and history are theirs: another user's token cannot list, open,
  approve or stop them (the hub's scopes refuse it before the extension is reached: a token only
  gives `access:servers!user=<its user>`), and each server keeps its history in its user's home.
- The admin's policy is set once for every user in the hub's config (`c.Spawner.args`, command
  line: a user's own config files cannot override it): the models offered, the default, whether
  code may run without asking, the upload limit. A user cannot loosen it: the server refuses.

Needs jupyterhub in this venv and the proxy: `bash scripts/integration-envs hub`.
"""

from __future__ import annotations

import asyncio
import base64
import importlib.util
import json
import secrets
import sys
from pathlib import Path

import pytest
from conftest import API_KEY, ChatClient, run_code_call
from procs import ROOT, Proc, free_port, require, start_on_free_port
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

PROXY = ROOT / ".hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
SINGLEUSER = Path(sys.executable).parent / "jupyterhub-singleuser"
USERS = ("alice", "bob")


class Hub:
    def __init__(self, tmp: Path, fake_url: str):
        require(
            importlib.util.find_spec("jupyterhub") is not None,
            "jupyterhub is not installed (bash scripts/integration-envs hub)",
        )
        require(PROXY.exists(), f"no configurable-http-proxy at {PROXY} (bash scripts/integration-envs hub)")
        self.tmp = tmp
        self.fake_url = fake_url
        self.service_token = secrets.token_hex(16)
        self.tokens: dict[str, str] = {}
        self.port = 0
        self.proc: Proc | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def home(self, user: str) -> Path:
        return self.tmp / "home" / user

    def policy(self) -> list[str]:
        """The admin's policy, on every single-user server's command line."""
        providers = [
            {
                "name": "team",
                "base_url": self.fake_url,
                "api_key_env": "TEAM_LLM_KEY",
                "models": [{"name": "fake-model"}, {"name": "fake-small", "tool_mode": "fenced"}],
            }
        ]
        return [
            f"--GPTInterp.providers={json.dumps(providers)}",
            "--GPTInterp.default_model=team/fake-model",
            "--GPTInterp.allow_auto_run=False",
            "--GPTInterp.max_upload_mb=1",
            "--GPTInterp.max_retries=0",
        ]

    def config(self, port: int) -> str:
        hub_port, api_port = free_port(), free_port()
        settings = {
            "JupyterHub.bind_url": f"http://127.0.0.1:{port}",
            "JupyterHub.hub_bind_url": f"http://127.0.0.1:{hub_port}",
            "JupyterHub.db_url": f"sqlite:///{self.tmp / 'jupyterhub.sqlite'}",
            "JupyterHub.cookie_secret_file": str(self.tmp / "jupyterhub_cookie_secret"),
            "JupyterHub.pid_file": str(self.tmp / "jupyterhub.pid"),
            "JupyterHub.authenticator_class": "dummy",
            "Authenticator.allowed_users": set(USERS),
            "JupyterHub.spawner_class": "simple",
            "SimpleLocalProcessSpawner.home_dir_template": str(self.tmp / "home" / "{username}"),
            "Spawner.cmd": [str(SINGLEUSER)],
            "Spawner.args": ["--allow-root", *self.policy()],
            "Spawner.environment": {"TEAM_LLM_KEY": API_KEY},
            "Spawner.start_timeout": 180,
            "Spawner.http_timeout": 180,
            "ConfigurableHTTPProxy.command": [str(PROXY)],
            "ConfigurableHTTPProxy.api_url": f"http://127.0.0.1:{api_port}",
            "JupyterHub.services": [{"name": "tester", "api_token": self.service_token}],
            "JupyterHub.load_roles": [
                {"name": "tester", "scopes": ["admin:users", "admin:servers", "tokens"], "services": ["tester"]}
            ],
        }
        return "".join(f"c.{key} = {value!r}\n" for key, value in settings.items())

    def loosen_in_user_config(self, user: str) -> None:
        """What a user could write in their own home to loosen the admin's policy."""
        config = self.home(user) / ".jupyter"
        config.mkdir(parents=True, exist_ok=True)
        (config / "jupyter_server_config.py").write_text(
            "c.GPTInterp.allow_auto_run = True\n"
            "c.GPTInterp.max_upload_mb = 1000.0\n"
            "c.GPTInterp.default_model = 'mine/gpt'\n"
            f"c.GPTInterp.providers = [{{'name': 'mine', 'base_url': {self.fake_url!r}, 'models': [{{'name': 'gpt'}}]}}]\n"
        )

    async def start(self) -> Hub:
        self.loosen_in_user_config("alice")
        config = self.tmp / "jupyterhub_config.py"

        def args(port: int) -> list[str]:
            config.write_text(self.config(port))
            return [sys.executable, "-m", "jupyterhub", "-f", str(config)]

        # Ready when the proxy routes to the hub (the proxy answers 404 before).
        self.proc, self.port = await start_on_free_port(
            "hub", args, self.tmp, lambda port: f"http://127.0.0.1:{port}/hub/api/", cwd=self.tmp, status=200
        )
        for user in USERS:
            await self.api(f"/users/{user}", "POST")
            self.tokens[user] = (await self.api(f"/users/{user}/tokens", "POST", {"note": "test"}))["token"]
        await asyncio.gather(*(self.spawn(user) for user in USERS))
        return self

    async def api(self, path: str, method: str = "GET", body: object = None) -> dict:
        request = HTTPRequest(
            self.url + "/hub/api" + path,
            method=method,
            headers={"Authorization": f"token {self.service_token}"},
            body=None if method == "GET" else json.dumps(body or {}),
            request_timeout=120,
        )
        try:
            response = await AsyncHTTPClient().fetch(request)
        except HTTPClientError as exc:
            if exc.code == 409 and method == "POST":  # the user exists already
                return {}
            raise
        return json.loads(response.body) if response.body else {}

    async def spawn(self, user: str) -> None:
        await self.api(f"/users/{user}/server", "POST")
        for _ in range(600):
            model = await self.api(f"/users/{user}")
            server = model.get("servers", {}).get("", {})
            if server.get("ready"):
                return
            if not server.get("pending") and not server:
                raise RuntimeError(f"{user}'s server did not start:\n{self.proc.log() if self.proc else ''}")
            await asyncio.sleep(0.5)
        raise RuntimeError(f"{user}'s server did not become ready:\n{self.proc.log() if self.proc else ''}")

    async def fetch(self, owner: str, path: str, as_user: str, method: str = "GET", body: object = None):
        """`path` on `owner`'s server, through the proxy, with `as_user`'s token."""
        request = HTTPRequest(
            f"{self.url}/user/{owner}/{path.lstrip('/')}",
            method=method,
            headers={"Authorization": f"token {self.tokens[as_user]}"},
            body=None if method in ("GET", "DELETE") else json.dumps(body or {}),
            request_timeout=120,
            follow_redirects=False,
        )
        return await AsyncHTTPClient().fetch(request, raise_error=False)

    async def socket(self, owner: str, as_user: str) -> WebSocketClientConnection:
        request = HTTPRequest(
            f"ws://127.0.0.1:{self.port}/user/{owner}/gptinterp/ws",
            headers={"Authorization": f"token {self.tokens[as_user]}"},
        )
        return await websocket_connect(request)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.stop()


@pytest.fixture(scope="module")
def hub(tmp_path_factory, fake_llm_server):
    """One hub for the module (two single-user servers take ~40 s to start on 2 cores); the tests
    use notebooks of their own. Started in a loop of its own: each test runs in another."""
    the_hub = Hub(tmp_path_factory.mktemp("hub"), fake_llm_server.url)
    loop = asyncio.new_event_loop()
    try:
        yield loop.run_until_complete(the_hub.start())
    finally:
        loop.close()
        the_hub.stop()
        print(f"--- hub log (tail) ---\n{the_hub.proc.log(8000) if the_hub.proc else ''}")


async def _json(response) -> object:
    assert response.code in (200, 201), (response.code, response.body)
    return json.loads(response.body)


async def test_each_users_server_loads_the_extension_with_the_admins_policy(hub, fake_llm):
    for user in USERS:
        info = await _json(await hub.fetch(user, "gptinterp/info", user))
        # Alice's own config file asked for more: the command line the hub spawns with wins.
        assert info["default_model"] == "team/fake-model"
        assert not [m for m in info["models"] if m["provider"] == "mine"]
        assert info["allow_auto_run"] is False and info["max_upload_mb"] == 1
        assert {"team/fake-model", "team/fake-small"} <= {m["id"] for m in info["models"]}
    assert (hub.home("alice") / ".jupyter" / "jupyter_server_config.py").exists()


async def test_a_users_chats_proposals_and_history_are_theirs_alone(hub, fake_llm):
    kid = (await _json(await hub.fetch("alice", "api/sessions", "alice", "POST", _session("nb.ipynb"))))["kernel"]["id"]
    alice = ChatClient(await hub.socket("alice", "alice"))
    chat = await alice.open_chat("nb.ipynb")
    fake_llm.script(run_code_call("secret = 'alice only'"), {"text": "done"})
    await alice.send({"type": "send_message", "chat_id": chat, "text": "go", "notebook": _view(kid)})
    proposal = await alice.until("proposal", timeout=60)

    # Bob's token opens nothing on Alice's server: the hub refuses it (no access:servers!user=alice).
    for method, path in (
        ("GET", "gptinterp/chats?notebook_path=nb.ipynb"),
        ("GET", f"gptinterp/chats/{chat}/sent"),
        ("PATCH", f"gptinterp/chats/{chat}"),
        ("DELETE", f"gptinterp/chats/{chat}"),
        ("GET", "gptinterp/info"),
    ):
        response = await hub.fetch("alice", path, "bob", method, {"title": "mine now"})
        assert response.code == 403, (method, path, response.code)
    with pytest.raises(HTTPClientError) as refused:
        await hub.socket("alice", "bob")  # so no open_chat, approve, reject or stop either
    assert refused.value.code == 403

    # Bob's own server has its own history: Alice's chat is unknown there.
    assert (await _json(await hub.fetch("bob", "gptinterp/chats", "bob")))["chats"] == []
    bob = ChatClient(await hub.socket("bob", "bob"))
    await bob.send({"type": "open_chat", "notebook_path": "nb.ipynb", "chat_id": chat})
    assert (await bob.until("error"))["code"] == "unknown_chat"
    await bob.send({"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": "x"})
    assert (await bob.until("error"))["code"] == "unknown_chat"
    histories = {user: hub.home(user) / ".local/share/jupyter/gptinterp/history.sqlite3" for user in USERS}
    assert all(path.exists() for path in histories.values())
    assert chat.encode() in histories["alice"].read_bytes() + _wal(histories["alice"])
    assert chat.encode() not in histories["bob"].read_bytes() + _wal(histories["bob"])

    # Alice's own token lists it and runs it.
    listed = await _json(await hub.fetch("alice", "gptinterp/chats?notebook_path=nb.ipynb", "alice"))
    assert [c["chat_id"] for c in listed["chats"]] == [chat]
    await alice.send(
        {"type": "approve", "chat_id": chat, "proposal_id": proposal["proposal_id"], "code": proposal["code"]}
    )
    assert (await alice.until("execution_done", timeout=60))["status"] == "ok"
    await alice.until("turn_ended", timeout=60)
    alice.ws.close()
    bob.ws.close()


async def test_a_user_cannot_loosen_the_admins_policy(hub, fake_llm):
    """Not from the settings editor (the sidebar's settings), nor from the messages the sidebar
    sends, nor from a config file in the user's home (the first test)."""
    settings = "lab/api/settings/jupyterlab-gptinterp:plugin"
    # There is no per-user auto-run setting to turn on...
    response = await hub.fetch("alice", settings, "alice", "PUT", {"raw": json.dumps({"autoRun": True})})
    assert response.code == 400, response.body
    # ...and the ones there are cannot go past the admin's limits: a user may write them,
    response = await hub.fetch(
        "alice", settings, "alice", "PUT", {"raw": json.dumps({"maxUploadMB": 1000, "model": "mine/gpt"})}
    )
    assert response.code == 204, response.body
    # but the server refuses what they would allow.
    kid = (await _json(await hub.fetch("alice", "api/sessions", "alice", "POST", _session("p.ipynb"))))["kernel"]["id"]
    big = {"type": "file", "format": "base64", "content": base64.b64encode(b"x" * (2 * 1024 * 1024)).decode()}
    assert (await hub.fetch("alice", "api/contents/big.csv", "alice", "PUT", big)).code in (200, 201)
    alice = ChatClient(await hub.socket("alice", "alice"))
    chat = await alice.open_chat("p.ipynb")
    await alice.send({"type": "set_approval_mode", "chat_id": chat, "mode": "auto"})
    assert (await alice.until("error"))["code"] == "auto_run_not_allowed"
    base = {"type": "send_message", "chat_id": chat, "text": "go", "notebook": _view(kid, "p.ipynb")}
    await alice.send({**base, "model": "mine/gpt"})
    assert (await alice.until("error"))["code"] == "unknown_model"
    await alice.send({**base, "attachments": ["big.csv"]})
    refused = await alice.until("error")
    assert refused["code"] == "bad_attachment" and "up to 1 MB" in refused["message"]
    assert fake_llm.requests == []  # nothing reached the model
    alice.ws.close()


def _session(path: str) -> dict:
    return {"path": path, "name": path, "type": "notebook", "kernel": {"name": "python3"}}


def _view(kid: str, path: str = "nb.ipynb") -> dict:
    return {"path": path, "kernel_id": kid, "cells": []}


def _wal(db: Path) -> bytes:
    wal = db.with_name(db.name + "-wal")
    return wal.read_bytes() if wal.exists() else b""
