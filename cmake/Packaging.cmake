# `cpack -G DEB` (run in the build folder) packs what `cmake --install` installs into a
# .deb. Its dependencies are the Debian packages of the libraries the binary links (Qt 6,
# QCustomPlot), found by dpkg-shlibdeps, so they match the Debian release it was built on.
set(CPACK_PACKAGE_NAME "kvtiers")
set(CPACK_PACKAGE_VENDOR "The kvtiers developers")
set(CPACK_PACKAGE_CONTACT "The kvtiers developers <kvtiers@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
  "A desktop app and a command line that size the memory tiers of an LLM inference
deployment: KV bytes per token, hot set, HBM, server DRAM and SSD occupancy, and
when restoring a cached prefix beats recomputing it.")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/kvtiers/kvtiers")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "kvtiers")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Beyond the linked libraries (libqt6gui6 brings the X11 platform plugin): native Wayland,
# and what the Korean UI needs to read well (Qt's own Korean strings, a font with Hangul).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland, qt6-translations-l10n, fonts-noto-cjk")
include(CPack)
