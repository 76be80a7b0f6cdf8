import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// The shared scheme and the workspace data of the project. Without a shared scheme
/// `xcodebuild -scheme` finds none on a fresh checkout (Xcode makes user schemes only when it opens
/// the project), so CI could not build it.
enum XcodeSchemeWriter {
    /// `project.xcworkspace/contents.xcworkspacedata`: the workspace is the project itself.
    static let workspaceData = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace
           version = "1.0">
           <FileRef
              location = "self:">
           </FileRef>
        </Workspace>

        """

    /// `<App>.xcscheme`: builds the app (which builds and embeds the extension), runs it, archives Release.
    static func scheme(_ project: StickerPackProject) -> String {
        let settings = project.settings
        let reference = """
                     <BuildableReference
                        BuildableIdentifier = "primary"
                        BlueprintIdentifier = "\(project.id("target.app"))"
                        BuildableName = "\(MarkupText.xmlAttribute(settings.appName + ".app"))"
                        BlueprintName = "\(MarkupText.xmlAttribute(settings.appName))"
                        ReferencedContainer = "container:\(MarkupText.xmlAttribute(project.layout.project))">
                     </BuildableReference>
            """
        func indented(_ spaces: Int) -> String {
            reference.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String(repeating: " ", count: spaces) + $0.drop { $0 == " " } }
                .joined(separator: "\n")
        }
        func runnable(_ spaces: Int) -> String {
            let pad = String(repeating: " ", count: spaces)
            return "\(pad)<BuildableProductRunnable\n\(pad)   runnableDebuggingMode = \"0\">\n\(indented(spaces + 3))\n\(pad)</BuildableProductRunnable>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme
               LastUpgradeVersion = "1500"
               version = "1.7">
               <BuildAction
                  parallelizeBuildables = "YES"
                  buildImplicitDependencies = "YES">
                  <BuildActionEntries>
                     <BuildActionEntry
                        buildForTesting = "YES"
                        buildForRunning = "YES"
                        buildForProfiling = "YES"
                        buildForArchiving = "YES"
                        buildForAnalyzing = "YES">
            \(indented(12))
                     </BuildActionEntry>
                  </BuildActionEntries>
               </BuildAction>
               <TestAction
                  buildConfiguration = "Debug"
                  selectedDebuggerIdentifier = "Xcode.DebuggerFoundation.Debugger.LLDB"
                  selectedLauncherIdentifier = "Xcode.DebuggerFoundation.Launcher.LLDB"
                  shouldUseLaunchSchemeArgsEnv = "YES">
               </TestAction>
               <LaunchAction
                  buildConfiguration = "Debug"
                  selectedDebuggerIdentifier = "Xcode.DebuggerFoundation.Debugger.LLDB"
                  selectedLauncherIdentifier = "Xcode.DebuggerFoundation.Launcher.LLDB"
                  launchStyle = "0"
                  useCustomWorkingDirectory = "NO"
                  ignoresPersistentStateOnLaunch = "NO"
                  debugDocumentVersioning = "YES"
                  debugServiceExtension = "internal"
                  allowLocationSimulation = "YES">
            \(runnable(6))
               </LaunchAction>
               <ProfileAction
                  buildConfiguration = "Release"
                  shouldUseLaunchSchemeArgsEnv = "YES"
                  savedToolIdentifier = ""
                  useCustomWorkingDirectory = "NO"
                  debugDocumentVersioning = "YES">
            \(runnable(6))
               </ProfileAction>
               <AnalyzeAction
                  buildConfiguration = "Debug">
               </AnalyzeAction>
               <ArchiveAction
                  buildConfiguration = "Release"
                  revealArchiveInOrganizer = "YES">
               </ArchiveAction>
            </Scheme>

            """
    }
}
