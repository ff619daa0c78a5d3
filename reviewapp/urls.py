from django.urls import path

from .views import (
    audio,
    configs,
    conversations,
    dashboard,
    dataquality,
    flags,
    imports,
    jobs,
    notifications,
    passes,
    proposals,
)

app_name = "reviewapp"

urlpatterns = [
    path("", dashboard.dashboard, name="dashboard"),
    path("healthz", dashboard.healthz, name="healthz"),
    path("imports/new", imports.upload, name="import"),
    path("api/import", imports.api_import, name="api_import"),
    path("imports/<int:pk>", dataquality.import_detail, name="import_detail"),
    # data quality: re-pair a shifted run, restore the original pairing
    path(
        "conversations/<int:pk>/findings/<int:finding>/repair",
        dataquality.finding_repair,
        name="finding_repair",
    ),
    path("repairings/<int:pk>/restore", dataquality.repairing_restore, name="repairing_restore"),
    # browse and flag
    path("conversations", conversations.conversation_list, name="conversations"),
    path("conversations/<int:pk>", conversations.conversation_detail, name="conversation"),
    path("turns/<int:pk>/regions/<int:region>/why", conversations.why, name="why"),
    path("turns/<int:pk>/why", conversations.why_turn, name="why_turn"),
    path("turns/<int:pk>/regions/<int:region>/flag", flags.flag_new, name="flag_new"),
    path("flags", flags.flag_queue, name="flag_queue"),
    path("flags/<int:pk>/edit", flags.flag_edit, name="flag_edit"),
    path("flags/<int:pk>/withdraw", flags.flag_withdraw, name="flag_withdraw"),
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
    # team review: passes, queues, disagreements, agreement
    path("passes", passes.pass_list, name="passes"),
    path("passes/new", passes.pass_new, name="pass_new"),
    path("passes/<int:pk>", passes.pass_detail, name="pass"),
    path("passes/<int:pk>/queue", passes.pass_queue, name="pass_queue"),
    path("passes/<int:pk>/next", passes.pass_next, name="pass_next"),
    path("passes/<int:pk>/turns/<int:turn>", passes.pass_turn, name="pass_turn"),
    path("passes/<int:pk>/turns/<int:turn>/reviewed", passes.pass_reviewed, name="pass_reviewed"),
    path(
        "passes/<int:pk>/turns/<int:turn>/regions/<int:region>/label",
        passes.pass_label,
        name="pass_label",
    ),
    path("passes/<int:pk>/disagreements", passes.pass_disagreements, name="pass_disagreements"),
    path(
        "passes/<int:pk>/turns/<int:turn>/regions/<int:region>/adjudicate",
        passes.pass_adjudicate,
        name="pass_adjudicate",
    ),
    path("languages/<str:code>/agreement", passes.language_agreement, name="agreement"),
]
