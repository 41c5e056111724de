from lingeval.cli import main

main()
