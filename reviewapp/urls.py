from django.urls import path

from . import views

app_name = "reviewapp"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("healthz", views.healthz, name="healthz"),
]
