"""The Celery app's worker hooks (lexicheck/celery.py)."""

import pytest
from celery.signals import worker_init

from scoring import caches, clear_caches


def code_memos() -> int:
    names = ("code_fingerprint", "code_words")
    return sum(size for name, size in caches.memo_sizes() if name in names)


# Celery's own Django hook on the same signal warns that it got no worker instance
@pytest.mark.filterwarnings("ignore:DjangoFixup.on_worker_init called without a sender")
def test_a_starting_worker_reads_the_scoring_code_before_its_pool_forks():
    clear_caches()
    assert code_memos() == 0
    worker_init.send(sender=None)  # what `celery worker` sends before starting its pool
    assert code_memos() == 2  # the code stamp, and the words the steps write
