from django.urls import path

from .views import (
    audio,
    bulk_flags,
    configs,
    conversations,
    dashboard,
    flag_states,
    flags,
    imports,
    jobs,
    notifications,
    proposals,
)

app_name = "reviewapp"

urlpatterns = [
    path("", dashboard.dashboard, name="dashboard"),
    path("healthz", dashboard.healthz, name="healthz"),
    path("imports/new", imports.upload, name="import"),
    path("api/import", imports.api_import, name="api_import"),
    # browse and flag
    path("conversations", conversations.conversation_list, name="conversations"),
    path("conversations/<int:pk>", conversations.conversation_detail, name="conversation"),
    path("turns/<int:pk>/regions/<int:region>/why", conversations.why, name="why"),
    path("turns/<int:pk>/regions/<int:region>/flag", flags.flag_new, name="flag_new"),
    path("flags", flags.flag_queue, name="flag_queue"),
    path("flags/<int:pk>/edit", flags.flag_edit, name="flag_edit"),
    path("flags/<int:pk>/withdraw", flags.flag_withdraw, name="flag_withdraw"),
    path("flags/all", bulk_flags.flag_all, name="flag_all"),
    path("flags/close", flag_states.flag_close, name="flag_close"),
    path("flags/<int:pk>/reopen", flag_states.flag_reopen, name="flag_reopen"),
    # configs: proposals, versions, background jobs
    path("proposals", proposals.proposal_list, name="proposals"),
    path("proposals/new", proposals.proposal_new, name="proposal_new"),
    path("proposals/<int:pk>", proposals.proposal_detail, name="proposal"),
    path("proposals/<int:pk>/edit", proposals.proposal_edit, name="proposal_edit"),
    path("proposals/<int:pk>/preview", proposals.proposal_preview, name="proposal_preview"),
    path("proposals/<int:pk>/approve", proposals.proposal_approve, name="proposal_approve"),
    path("proposals/<int:pk>/reject", proposals.proposal_reject, name="proposal_reject"),
    path("proposals/<int:pk>/rebase", proposals.proposal_rebase, name="proposal_rebase"),
    path("proposals/<int:pk>/comments", proposals.proposal_comment, name="proposal_comment"),
    path("languages/<str:code>/config", configs.config_history, name="config_history"),
    path(
        "languages/<str:code>/config/v<int:number>/revert",
        configs.config_revert,
        name="config_revert",
    ),
    path("languages/<str:code>/ablation", configs.ablation, name="ablation"),
    path("languages/<str:code>/fixtures.json", configs.fixtures_download, name="fixtures"),
    path("jobs/<int:pk>", jobs.job_progress, name="job"),
    path("jobs/<int:pk>/cancel", jobs.job_cancel, name="job_cancel"),
    path("jobs/<int:pk>/retry", jobs.job_retry, name="job_retry"),
    path("turns/<int:pk>", proposals.turn_link, name="turn"),
    path("audio/<path:path>", audio.audio, name="audio"),
    path("notifications", notifications.notification_list, name="notifications"),
    path("notifications/badge", notifications.notification_badge, name="notification_badge"),
    path("notifications/read", notifications.notification_read, name="notification_read"),
]
