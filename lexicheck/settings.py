"""Django settings, read from the environment (see README "Configuration").

Defaults give a working single-machine set-up with no servers: SQLite under var/ and
Celery on kombu's filesystem transport. Production sets DATABASE_URL, CELERY_BROKER_URL,
SECRET_KEY, ALLOWED_HOSTS and DEBUG=0.
"""

from __future__ import annotations

import ipaddress
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from .env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("LEXICHECK_VAR_DIR") or BASE_DIR / "var").resolve()
CONFIGS_DIR = Path(env_str("LEXICHECK_CONFIGS_DIR") or BASE_DIR / "configs").resolve()
VAR_DIR.mkdir(parents=True, exist_ok=True)  # SQLite, the embedded broker and logs live here

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-dev-key-only-for-debug"  # noqa: S105 - DEBUG only
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "reviewapp",
]

MIDDLEWARE = [
    "lexicheck.proxies.TrustedProxyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "reviewapp.middleware.VaryOnHtmxMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "lexicheck.urls"
WSGI_APPLICATION = "lexicheck.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "reviewapp.context_processors.navigation",
            ],
        },
    },
]


def _database() -> dict:
    url = env_str("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'lexicheck.sqlite3'}"
    try:
        config = dj_database_url.parse(url, conn_max_age=env_int("DB_CONN_MAX_AGE", 60))
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_URL is not usable: {exc}") from None
    if config["ENGINE"].endswith("sqlite3"):
        # Web and worker write to the same file: wait for the lock instead of failing,
        # and let readers proceed while a rescore writes.
        config["CONN_MAX_AGE"] = 0
        config["OPTIONS"] = {
            "timeout": 30,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    return config


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses a locked-out username+IP first
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "reviewapp:dashboard"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
# Recordings imported as paths (`"audio_url": "calls/0042.wav"`) are read from here and
# served to reviewers only, by reviewapp.views.audio.
AUDIO_ROOT = Path(env_str("AUDIO_ROOT") or VAR_DIR / "audio").resolve()
STATIC_ROOT.mkdir(exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
# Serve static files straight from the app folders in development and tests.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# Widgets and labels our pages show written in Python, not templates (reviewapp/form_renderer.py)
FORM_RENDERER = "reviewapp.form_renderer.FormRenderer"

# Security: safe defaults when DEBUG is off (manage.py check --deploy stays clean).
# "fragments": turns' markup on the conversation page, keyed by a hash of what it shows
# (reviewapp/views/markup_cache.py); in each process's memory, so a deploy empties it.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "fragments",
        "OPTIONS": {"MAX_ENTRIES": env_int("FRAGMENT_CACHE_ENTRIES", 20_000, minimum=1)},
    },
}
# What the three review pages compute from shared rows, kept while the content stamp holds
# (reviewapp/views/stamped.py): at most this many characters (most of them markup) a process.
STAMPED_CACHE_CHARS = env_int("STAMPED_CACHE_CHARS", 10_000_000, minimum=0)

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
    # Preloading HSTS is an operator's decision for the whole domain (SECURE_HSTS_PRELOAD=1);
    # while it is off, check --deploy's reminder about it is not a finding.
    SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]

# --- Reverse proxies -------------------------------------------------------------------
# X-Forwarded-Proto and X-Forwarded-For are believed only from these addresses (the TLS
# proxy in front of gunicorn); lexicheck.proxies drops them from anyone else. With none
# set, no forwarded header is trusted and HTTPS is whatever the connection says.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError as exc:
        raise ImproperlyConfigured(f"TRUSTED_PROXIES={_proxy!r}: {exc}") from None
if TRUSTED_PROXIES:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The container health check calls plain HTTP from inside the container.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# A policy a team may turn on: a proposal is approved only after an impact preview of it
# as it is now (after its last edit or rebase) has finished.
APPROVAL_NEEDS_PREVIEW = env_bool("APPROVAL_NEEDS_PREVIEW", False)

# --- Mail ---------------------------------------------------------------------------------
# Notifications (a decision on your proposal, a proposal waiting for your language) are
# also mailed to users who have an address. The demo and DEBUG print mail to the console;
# production sends through SMTP (EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER,
# EMAIL_HOST_PASSWORD, EMAIL_USE_TLS are Django's own settings, read from the environment).
EMAIL_BACKEND = env_str("EMAIL_BACKEND") or (
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend"
)
EMAIL_HOST = env_str("EMAIL_HOST") or "localhost"
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER") or ""
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD") or ""
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL") or "Lexicheck <lexicheck@localhost>"
# The address mails link to (a mail has no request to take the host from).
SITE_URL = (env_str("SITE_URL") or "http://127.0.0.1:8000").rstrip("/")

# --- Login throttling (django-axes) --------------------------------------------------------
# After LOGIN_FAILURE_LIMIT wrong passwords for one username from one address, that pair is
# refused (429, the page of reviewapp.views.auth.locked_out), even with the right password, until
# LOGIN_COOLOFF_MINUTES pass without another try. Covers /login/ and /admin/login/.
AXES_ENABLED = env_bool("LOGIN_THROTTLING", True)
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "reviewapp.views.auth.locked_out"
AXES_CLIENT_IP_CALLABLE = "lexicheck.proxies.client_ip"

# --- Content-Security-Policy (django-csp) --------------------------------------------------
# Scripts and styles come from our own static files only: no inline script or style, no
# eval (htmx's inline indicator style and eval are turned off in base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "object-src": [NONE],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

# Impact previews a user may have queued or running at once; one older than
# PREVIEW_STALE_MINUTES no longer counts (its worker may be gone).
PREVIEWS_PER_USER = env_int("PREVIEWS_PER_USER", 2, minimum=1)
PREVIEW_STALE_AFTER = timedelta(minutes=env_int("PREVIEW_STALE_MINUTES", 60, minimum=1))

# --- Celery -----------------------------------------------------------------------------
# Default broker: kombu's filesystem transport under var/broker. It needs no server and
# still feeds a real, separate worker process; it serves one host and delivers at most
# once (see README). Set CELERY_BROKER_URL=redis://... for anything shared.
BROKER_DIR = VAR_DIR / "broker"
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL") or "filesystem://"
if not CELERY_BROKER_URL.startswith(("filesystem://", "redis://", "rediss://", "memory://")):
    raise ImproperlyConfigured(
        f"CELERY_BROKER_URL={CELERY_BROKER_URL!r}: use filesystem://, redis:// or rediss://"
    )
if CELERY_BROKER_URL.startswith("filesystem://"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "queue"),
        "data_folder_out": str(BROKER_DIR / "queue"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "control_folder": str(BROKER_DIR / "control"),
        # An idle worker looks in the queue folder this often (kombu's default is 1 s, so a
        # task sent to an idle demo worker waited up to a second); a look is a listdir
        "polling_interval": 0.1,
    }
    _default_backend = f"file://{VAR_DIR / 'results'}"
elif CELERY_BROKER_URL.startswith("memory://"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {}
    _default_backend = "cache+memory://"
else:
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
    _default_backend = CELERY_BROKER_URL
# Seconds before Redis gives a message that a dead worker had taken to another worker
# (fault tests set it low; `manage.py recover_jobs` re-sends pending chunks at once).
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] = env_int(
        "REDIS_VISIBILITY_TIMEOUT", 3600, minimum=1
    )
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND") or _default_backend
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 300, minimum=1)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 360, minimum=1)
CELERY_RESULT_EXPIRES = 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
