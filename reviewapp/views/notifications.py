"""A user's notifications: the list, the unread count in the navigation, mark as read."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from ..models import Notification
from ..services.notifications import do_mark_read, unread
from .access import require_reviewer

PER_PAGE = 50


@require_GET
def notification_list(request: HttpRequest) -> HttpResponse:
    require_reviewer(request)
    notes = Notification.objects.filter(recipient=request.user).select_related("proposal")
    page = Paginator(notes, PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "reviewapp/notifications.html",
        {"page": page, "unread_count": unread(request.user).count()},
    )


@require_GET
def notification_badge(request: HttpRequest) -> HttpResponse:
    """The navigation's unread count, loaded after the page so no page pays a query."""
    require_reviewer(request)
    context = {"unread_count": unread(request.user).count()}
    return render(request, "reviewapp/notifications.html#badge", context)


@require_POST
def notification_read(request: HttpRequest) -> HttpResponse:
    """Mark one notification (`id`) or all of them read; then go where the user asked."""
    require_reviewer(request)
    pk = request.POST.get("id")
    do_mark_read(request.user, int(pk) if pk and pk.isdigit() else None)
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(target, allowed_hosts=None):  # a path of this site
        return redirect(target)
    return redirect("reviewapp:notifications")
