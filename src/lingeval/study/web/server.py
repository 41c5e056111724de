"""Running the survey: in this process (background thread) or as a uvicorn server."""

from __future__ import annotations

import socket
import threading
import time
from types import TracebackType
from typing import TYPE_CHECKING, Any

from lingeval.study.storage import Store

if TYPE_CHECKING:
    from lingeval.study.web.app import ServeSettings

__all__ = ["BackgroundServer", "free_port", "serve"]


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


_CONFIG_ENV = "LINGEVAL_STUDY_SERVE_CONFIG"


def serve(
    store: Store,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    log_level: str = "warning",
    settings: ServeSettings | None = None,
    workers: int = 1,
    forwarded_allow_ips: str | None = None,
) -> None:
    """Serve every study of ``store`` until interrupted.

    ``workers`` > 1 runs that many server processes on one socket (uvicorn's supervisor
    restarts a worker that dies); each opens the database itself. Both SQLite (writers queue
    on the database lock) and PostgreSQL work. ``forwarded_allow_ips``: addresses of a
    trusted reverse proxy whose ``X-Forwarded-For`` gives the client address (rate limits).
    """
    import dataclasses
    import json
    import os

    import uvicorn

    from lingeval.study.web.app import ServeSettings, create_app

    settings = settings or ServeSettings()
    common: dict[str, object] = {
        "host": host,
        "port": port,
        "log_level": log_level,
        "access_log": False,
        "proxy_headers": forwarded_allow_ips is not None,
        "forwarded_allow_ips": forwarded_allow_ips,
    }
    if workers <= 1:
        uvicorn.run(create_app(store, settings=settings), **common)  # type: ignore[arg-type]
        return
    os.environ[_CONFIG_ENV] = json.dumps(
        {"db": store.url, "settings": dataclasses.asdict(settings)}
    )
    store.dispose()
    uvicorn.run(
        "lingeval.study.web.server:worker_app",
        factory=True,
        workers=workers,
        **common,  # type: ignore[arg-type]
    )


def worker_app() -> object:
    """The app of one ``--workers`` process (configured by the parent through the
    environment; the database was migrated by the parent)."""
    import json
    import os

    from lingeval.study.web.app import ServeSettings, create_app

    cfg = json.loads(os.environ[_CONFIG_ENV])
    raw: dict[str, Any] = {
        k: tuple(v) if isinstance(v, list) else v for k, v in cfg["settings"].items()
    }
    settings = ServeSettings(**raw)
    return create_app(Store(cfg["db"], migrate=False), settings=settings)


class BackgroundServer:
    """Serve ``store`` from a daemon thread on 127.0.0.1 (demo, browser test)::

    with BackgroundServer(store) as url: ...
    """

    def __init__(
        self,
        store: Store,
        *,
        host: str = "127.0.0.1",
        port: int | None = None,
        settings: ServeSettings | None = None,
    ) -> None:
        import uvicorn

        from lingeval.study.web.app import create_app

        self.host = host
        self.port = port or free_port(host)
        config = uvicorn.Config(
            create_app(store, settings=settings),
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
