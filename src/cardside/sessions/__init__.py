"""Session records on disk: TOML load/save, listing, verification and export."""
