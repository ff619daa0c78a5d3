"""`python -m bench`: run every benchmark and print its table (`make bench`)."""

from . import scoring_throughput

scoring_throughput.main()
