# One image for the web app and the Celery workers.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 LEXICHECK_VAR_DIR=/app/var
WORKDIR /app
COPY pyproject.toml README.md ./
COPY scoring ./scoring
COPY reviewapp ./reviewapp
COPY lexicheck ./lexicheck
RUN pip install --no-cache-dir .
COPY . .
RUN DEBUG=1 python manage.py collectstatic --noinput
RUN useradd --create-home lexicheck && mkdir -p /app/var && chown lexicheck /app/var
USER lexicheck
EXPOSE 8000
CMD ["gunicorn", "-c", "python:lexicheck.gunicorn_conf", "lexicheck.wsgi:application"]
