"""The review app: browse scored conversations, flag false errors, version configs."""
