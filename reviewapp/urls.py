from django.urls import path

from .views import dashboard, imports

app_name = "reviewapp"

urlpatterns = [
    path("", dashboard.dashboard, name="dashboard"),
    path("healthz", dashboard.healthz, name="healthz"),
    path("imports/new", imports.upload, name="import"),
    path("api/import", imports.api_import, name="api_import"),
]
