; Inno Setup 6 script for the Windows installer. packaging\build.py compiles it after PyInstaller:
;   iscc /DAppVersion=0.1.0 /DSourceDir=dist\sensemaking-desktop /DOutputDir=dist
;        /DOutputName=sensemaking-desktop-0.1.0-windows-x86_64 packaging\windows\sensemaking-desktop.iss
; It installs for the current user, without administrator rights, into
; %LOCALAPPDATA%\Programs\Sensemaking Desktop. The library and downloaded models live in
; %LOCALAPPDATA%\sensemaking-desktop, which neither an upgrade nor the uninstaller touches:
; installing a newer version over an older one keeps them.

#ifndef AppVersion
  #error Pass /DAppVersion=X.Y.Z to iscc
#endif
#ifndef SourceDir
  #error Pass /DSourceDir=the PyInstaller folder (dist\sensemaking-desktop) to iscc
#endif
#ifndef OutputDir
  #define OutputDir "."
#endif
#ifndef OutputName
  #define OutputName "sensemaking-desktop-" + AppVersion + "-windows-x86_64"
#endif

#define AppName "Sensemaking Desktop"
#define AppExe "sensemaking-desktop.exe"

[Setup]
; The AppId ties every version together, so a newer installer upgrades in place.
AppId={{5C6E2B0A-8F3D-4E71-9A25-3B7D1C9E4F60}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Sensemaking Desktop developers
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
DisableDirPage=auto
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename={#OutputName}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; The previous version's libraries go before the new ones are copied, so none is left behind.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
