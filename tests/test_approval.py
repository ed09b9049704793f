"""The approval gate fails closed: only a pending proposal of the same chat can be approved, once."""

import pytest

from jupyterlab_gptinterp.approval import Approval, ApprovalGate, code_hash
from jupyterlab_gptinterp.errors import ErrorCode, GPTInterpError


def _code(exc_info: pytest.ExceptionInfo[GPTInterpError]) -> ErrorCode:
    return exc_info.value.code


async def test_approval_binds_the_edited_code_and_resolves_the_waiter():
    gate = ApprovalGate()
    proposal = gate.propose("c1", "print(1)", "why")
    approval = gate.approve("c1", proposal.proposal_id, "print(2)", "alice", after_cell_id="x")
    decision = await proposal.wait()
    assert decision.kind == "approved" and decision.approval is approval and decision.after_cell_id == "x"
    assert approval.code == "print(2)" and approval.digest == code_hash("print(2)") and approval.user == "alice"


@pytest.mark.parametrize(
    "setup, expected",
    [
        ("unknown", ErrorCode.unknown_proposal),
        ("other_chat", ErrorCode.wrong_chat),
        ("decided", ErrorCode.proposal_decided),
        ("rejected", ErrorCode.proposal_decided),
        ("cancelled", ErrorCode.proposal_decided),
        ("decided_other_chat", ErrorCode.wrong_chat),
    ],
)
async def test_refusals_are_typed_and_resolve_nothing(setup, expected):
    gate = ApprovalGate()
    p = gate.propose("c1", "x = 1")
    target_chat, target_id = "c1", p.proposal_id
    if setup == "unknown":
        target_id = "p-doesnotexist"
    elif setup == "other_chat":
        target_chat = "c2"
    elif setup == "decided":
        gate.approve("c1", p.proposal_id, "x = 1", "u")
    elif setup == "rejected":
        gate.reject("c1", p.proposal_id, "no")
    elif setup == "cancelled":
        gate.cancel_chat("c1")
    elif setup == "decided_other_chat":
        gate.approve("c1", p.proposal_id, "x = 1", "u")
        target_chat = "c2"
    before = p.future.done() and p.future.result()
    with pytest.raises(GPTInterpError) as exc:
        gate.approve(target_chat, target_id, "x = 1", "mallory")
    assert _code(exc) == expected
    # A refusal never changes the proposal's outcome.
    assert (p.future.done() and p.future.result()) == before
    if setup == "other_chat":
        assert not p.future.done() and gate.pending("c1") == [p]


def test_approvals_cannot_be_forged():
    with pytest.raises(TypeError):
        Approval(object(), chat_id="c", proposal_id="p", code="1", user="u", auto=False)


async def test_an_approval_is_spent_once_and_detects_tampering():
    gate = ApprovalGate()
    p = gate.propose("c1", "a = 1")
    approval = gate.approve("c1", p.proposal_id, "a = 1", "u")
    assert approval.spend() == "a = 1"
    with pytest.raises(GPTInterpError):
        approval.spend()
    p2 = gate.propose("c1", "b = 1")
    approval2 = gate.approve("c1", p2.proposal_id, "b = 1", "u")
    approval2.code = "import os; os.remove('x')"
    with pytest.raises(GPTInterpError):
        approval2.spend()


async def test_cancel_chat_only_touches_that_chat():
    gate = ApprovalGate()
    a = gate.propose("c1", "1")
    b = gate.propose("c2", "2")
    assert gate.cancel_chat("c1") == 1
    assert (await a.wait()).kind == "cancelled"
    assert not b.future.done()
