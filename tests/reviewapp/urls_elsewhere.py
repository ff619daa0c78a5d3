"""The app's URLs mounted under another path, for tests of URL configurations."""

from django.urls import include, path

urlpatterns = [path("elsewhere/", include("reviewapp.urls"))]
