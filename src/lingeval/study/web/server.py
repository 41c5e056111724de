"""Running the survey: in this process (background thread) or as a uvicorn server."""

from __future__ import annotations

import socket
import threading
import time
from types import TracebackType

from lingeval.study.storage import Store

__all__ = ["BackgroundServer", "free_port", "serve"]


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def serve(
    store: Store, *, host: str = "127.0.0.1", port: int = 8000, log_level: str = "warning"
) -> None:
    """Serve every study of ``store`` until interrupted (one process: SQLite needs no more)."""
    import uvicorn

    from lingeval.study.web.app import create_app

    uvicorn.run(create_app(store), host=host, port=port, log_level=log_level, access_log=False)


class BackgroundServer:
    """Serve ``store`` from a daemon thread on 127.0.0.1 (demo, browser test)::

    with BackgroundServer(store) as url: ...
    """

    def __init__(self, store: Store, *, host: str = "127.0.0.1", port: int | None = None) -> None:
        import uvicorn

        from lingeval.study.web.app import create_app

        self.host = host
        self.port = port or free_port(host)
        config = uvicorn.Config(
            create_app(store),
            host=host,
            port=self.port,
            log_level="warning",
            access_log=False,
            lifespan="off",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, name="lingeval-study-server", daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the study server did not start on {self.url}")
            time.sleep(0.02)
        return self.url

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
