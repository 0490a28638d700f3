# `cpack -G DEB` (run in the build folder) packs what `cmake --install` installs into a
# .deb. Its dependencies are the Debian packages of the libraries the binary links (Qt 6,
# QCustomPlot), found by dpkg-shlibdeps, so they match the Debian release it was built on.
set(CPACK_PACKAGE_NAME "kvtiers")
set(CPACK_PACKAGE_VENDOR "The kvtiers developers")
set(CPACK_PACKAGE_CONTACT "The kvtiers developers <kvtiers@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# Lines of at most 80 columns in the control file (lintian: extended-description-line-too-long).
set(CPACK_PACKAGE_DESCRIPTION
  "A desktop app and a command line that size the memory tiers of an LLM
inference deployment: KV bytes per token, hot set, HBM, server DRAM and SSD
occupancy, and when restoring a cached prefix beats recomputing it.")
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

# What Debian's policy asks of every package, which CPack has no setting for: the
# copyright file (docs/copyright, DEP-5: the project, its data cards and the test data)
# and the changelog, written from the metainfo's releases and compressed with gzip -n -9.
include(GNUInstallDirs)
install(FILES "${PROJECT_SOURCE_DIR}/docs/copyright" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
set(KVTIERS_CHANGELOG "${PROJECT_BINARY_DIR}/debian-changelog/changelog.gz")
set(KVTIERS_METAINFO "${PROJECT_SOURCE_DIR}/resources/io.github.kvtiers.kvtiers.metainfo.xml")
add_custom_command(OUTPUT "${KVTIERS_CHANGELOG}"
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${PROJECT_BINARY_DIR}/debian-changelog"
  COMMAND "${CMAKE_COMMAND}" -DMETAINFO=${KVTIERS_METAINFO} -DVERSION=${PROJECT_VERSION}
          -DOUT=${KVTIERS_CHANGELOG} -P "${PROJECT_SOURCE_DIR}/cmake/DebianChangelog.cmake"
  DEPENDS "${KVTIERS_METAINFO}" "${PROJECT_SOURCE_DIR}/cmake/DebianChangelog.cmake"
  COMMENT "Writing the Debian changelog from the metainfo's releases" VERBATIM)
add_custom_target(kvtiers_changelog ALL DEPENDS "${KVTIERS_CHANGELOG}")
install(FILES "${KVTIERS_CHANGELOG}" DESTINATION "${CMAKE_INSTALL_DOCDIR}")

include(CPack)
