import pytest


@pytest.fixture
def write(tmp_path):
    """write("name", "text") -> the path of a new UTF-8 file under tmp_path."""

    def write_file(name: str, text: str | bytes):
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    return write_file
