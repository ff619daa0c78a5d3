"""Views of the review app: function-based, one module per page family; access is
checked on the server by the helpers in `access.py`, first thing in every view."""
