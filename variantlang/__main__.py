from variantlang.cli import main

main()
