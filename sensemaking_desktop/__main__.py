from sensemaking_desktop.cli import main

main()
