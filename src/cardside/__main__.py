"""Allow ``python -m cardside``."""

from cardside.cli.main import main

if __name__ == "__main__":
    main()
