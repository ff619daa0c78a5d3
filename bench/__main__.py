"""`python -m bench`: run every benchmark and print its table."""

print("No benchmarks yet.")
