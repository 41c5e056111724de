"""llm:MODEL against a local OpenAI-compatible stub server on 127.0.0.1 (no network)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.resolvers.llm import CANNOT, LLMResolver, build_prompt, parse_answer
from lingeval.core.errors import LingevalError


def mk(
    eid: str, sentence: str, conj: str, rewrites: list[str], rewritable: bool
) -> ConjunctExample:
    return ConjunctExample(
        eid, sentence, conj, sentence.index(f" {conj} ") + 1, rewrites, rewritable
    )


POOL = [
    mk("r1", "Lena likes jazz and opera.", "and", ["Lena likes jazz.", "Lena likes opera."], True),
    mk("r2", "Tom ate soup and Ann rice.", "and", ["Tom ate soup.", "Ann ate rice."], True),
    mk("r3", "We sang and danced.", "and", ["We sang.", "We danced."], True),
    mk("r4", "Go left or right.", "or", ["Go left.", "Go right."], True),
    mk("n1", "Anna and Ben met.", "and", ["Anna and Ben met."], False),
    mk("n2", "Mix flour or eggs together.", "or", ["Mix flour or eggs together."], False),
]


class Stub:
    """Answers the last Q of the prompt; can fail, stall, and records concurrency."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.fail_first = 0
        self.stall = 0.0
        self.in_flight = 0
        self.max_in_flight = 0
        self.lock = threading.Lock()

    def answer(self, prompt: str) -> str:
        last_q = [ln for ln in prompt.splitlines() if ln.startswith("Q: ")][-1]
        if "Josh likes wine <SPLIT> and </SPLIT> Jane water." in last_q:
            return "1. Josh likes wine.\n2. Jane likes water.\n\nQ: something else"
        return CANNOT


@pytest.fixture()
def stub() -> Iterator[tuple[Stub, str]]:
    state = Stub()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            with state.lock:
                state.requests.append(
                    {"path": self.path, "body": body, "auth": self.headers.get("Authorization")}
                )
                state.in_flight += 1
                state.max_in_flight = max(state.max_in_flight, state.in_flight)
                fail = state.fail_first > 0
                if fail:
                    state.fail_first -= 1
            left = False

            def leave() -> None:
                # a request leaves the count before its response goes out: the client may start
                # its next request as soon as it has read this one
                nonlocal left
                if not left:
                    left = True
                    with state.lock:
                        state.in_flight -= 1

            try:
                if state.stall:
                    time.sleep(state.stall)
                if fail:
                    leave()
                    self.send_response(503)
                    self.send_header("Retry-After", "0")
                    self.end_headers()
                    return
                if self.path.endswith("/chat/completions"):
                    text = state.answer(body["messages"][0]["content"])
                    out = {"choices": [{"message": {"role": "assistant", "content": text}}]}
                else:
                    out = {"choices": [{"text": state.answer(body["prompt"])}]}
                data = json.dumps(out).encode()
                leave()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            finally:
                leave()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state, f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def make(url: str, tmp_path: Path, **kw: Any) -> LLMResolver:
    opts: dict[str, Any] = {
        "base_url": url,
        "api_key": "test-key",
        "examples": POOL,
        "backoff": 0.01,
        "cache_dir": tmp_path / "cache",
    }
    opts.update(kw)
    return LLMResolver("stub-model", **opts)


JOSH = mk("j", "Josh likes wine and Jane water.", "and", [], True)
OTHER = mk("o", "Cats and dogs fight.", "and", [], True)


def test_prompt_follows_appendix_a2() -> None:
    res = LLMResolver("m", base_url="http://127.0.0.1:9", examples=POOL, cache_dir=None)
    shots = res.shots_for(JOSH)
    assert [s.rewritable for s in shots] == [False, True, True, True]
    assert all(s.conjunction == "and" for s in shots)
    assert shots == res.shots_for(JOSH)  # deterministic per input and seed
    prompt = build_prompt(JOSH, shots)
    assert prompt.endswith("Q: Josh likes wine <SPLIT> and </SPLIT> Jane water.\nA:\n")
    assert f"A:\n{CANNOT}\n" in prompt and prompt.count("Q: ") == 5


def test_answer_parser() -> None:
    s = "A and B."
    assert parse_answer(CANNOT, s) == [s]
    assert parse_answer("  \n", s) == [s]
    assert parse_answer("1. A x.\n2) B x.\n\nQ: next", s) == ["A x.", "B x."]
    assert parse_answer("- A x.\n- B x.", s) == ["A x.", "B x."]


def test_chat_endpoint_parameters_and_cache(stub: tuple[Stub, str], tmp_path: Path) -> None:
    state, url = stub
    res = make(url, tmp_path)
    assert res.resolve([JOSH, OTHER]) == [
        ["Josh likes wine.", "Jane likes water."],
        [OTHER.sentence],
    ]
    body = state.requests[0]["body"]
    assert state.requests[0]["path"] == "/v1/chat/completions"
    assert (body["model"], body["temperature"], body["top_p"], body["max_tokens"]) == (
        "stub-model",
        0.0,
        1,
        256,
    )
    assert state.requests[0]["auth"] == "Bearer test-key"
    n = len(state.requests)
    again = make(url, tmp_path)
    assert again.resolve([JOSH, OTHER])[0] == ["Josh likes wine.", "Jane likes water."]
    assert len(state.requests) == n  # served from the response cache


def test_completions_endpoint(stub: tuple[Stub, str], tmp_path: Path) -> None:
    state, url = stub
    res = make(url, tmp_path, endpoint="completions", cache_dir=None)
    assert res.resolve([JOSH]) == [["Josh likes wine.", "Jane likes water."]]
    assert state.requests[0]["path"] == "/v1/completions" and "prompt" in state.requests[0]["body"]


def test_retries_with_backoff_then_success(stub: tuple[Stub, str], tmp_path: Path) -> None:
    state, url = stub
    state.fail_first = 2
    res = make(url, tmp_path, cache_dir=None, retries=3)
    assert res.resolve([JOSH]) == [["Josh likes wine.", "Jane likes water."]]
    assert len(state.requests) == 3


def test_gives_up_with_a_clear_error_or_unchanged(stub: tuple[Stub, str], tmp_path: Path) -> None:
    state, url = stub
    state.fail_first = 100
    with pytest.raises(LingevalError, match="HTTP 503"):
        make(url, tmp_path, cache_dir=None, retries=1).resolve([JOSH])
    soft = make(url, tmp_path, cache_dir=None, retries=1, on_error="unchanged")
    assert soft.resolve([JOSH]) == [[JOSH.sentence]] and soft.failures == 1


def test_timeout(stub: tuple[Stub, str], tmp_path: Path) -> None:
    state, url = stub
    state.stall = 1.0
    with pytest.raises(LingevalError, match="timed out"):
        make(url, tmp_path, cache_dir=None, retries=0, timeout=0.2).resolve([JOSH])


def test_concurrency_limit(stub: tuple[Stub, str], tmp_path: Path) -> None:
    state, url = stub
    state.stall = 0.1
    batch = [mk(f"x{i}", f"Item {i} and more.", "and", [], True) for i in range(8)]
    make(url, tmp_path, cache_dir=None, concurrency=2).resolve(batch)
    assert len(state.requests) == 8 and 1 <= state.max_in_flight <= 2


def test_unreachable_endpoint_is_a_clear_error(tmp_path: Path) -> None:
    res = LLMResolver(
        "m", base_url="http://127.0.0.1:9/v1", examples=POOL, cache_dir=None, retries=0
    )
    with pytest.raises(LingevalError, match="connection failed"):
        res.resolve([JOSH])
