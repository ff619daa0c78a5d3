from django.apps import AppConfig


class ReviewappConfig(AppConfig):
    name = "reviewapp"
    verbose_name = "Lexicheck review"

    def ready(self) -> None:
        # Services send tasks by name (reviewapp.enqueue): register them in every process
        # that may send, not only in workers, which find them by autodiscovery.
        from . import tasks  # noqa: F401
