"""Language configs: typed models, loading from files or data, canonical hashing."""

from .loader import ConfigBundle, bundle_from_data, config_languages, load_bundle
from .models import LanguageConfig

__all__ = ["ConfigBundle", "LanguageConfig", "bundle_from_data", "config_languages", "load_bundle"]
