package settings

// keyShape is the type Claude Code's settings schema requires of one key.
// A value of another type (null included: its keys are optional, never
// nullable) makes Claude Code reject the whole file (agentRejects).
type keyShape struct {
	kind nodeKind
	// elem is the kind every element of an array must have (0: any).
	elem nodeKind
	// enum lists the only strings allowed (nil: any string).
	enum []string
	// num is a range check on a number (nil: any number).
	num func(float64) bool
	// command says the value is {"type": "command", "command": "…"}.
	command bool
	// fields are the fields an object must have, each of its shape.
	fields map[string]keyShape
	// alt is a second kind the value may have instead (forceLoginOrgUUID
	// is a string or a list of strings, attribution a boolean or an object).
	alt nodeKind
}

func positiveInt(f float64) bool    { return f > 0 && f == float64(int64(f)) }
func nonNegativeInt(f float64) bool { return f >= 0 && f == float64(int64(f)) }
func fraction(f float64) bool       { return f > 0 && f <= 1 }
func unitInterval(f float64) bool   { return f >= 0 && f <= 1 }

// agentKeyShapes are the top-level keys whose type Claude Code checks
// strictly (taken from the settings schema of Claude Code 2.1.332): keys
// it reads leniently (a bad value falls back to the default) are not
// here, nor are permissions, env and hooks, which the decoder reads
// itself (agentHookTypes for the hooks).
var agentKeyShapes = map[string]keyShape{
	"attribution":                           {kind: kindObject, alt: kindBool},
	"forceLoginOrgUUID":                     {kind: kindArray, elem: kindString, alt: kindString},
	"statusLine":                            {kind: kindObject, command: true},
	"fileSuggestion":                        {kind: kindObject, command: true},
	"sandbox":                               {kind: kindObject},
	"$schema":                               {kind: kindString},
	"apiKeyHelper":                          {kind: kindString},
	"proxyAuthHelper":                       {kind: kindString},
	"awsCredentialExport":                   {kind: kindString},
	"awsAuthRefresh":                        {kind: kindString},
	"gcpAuthRefresh":                        {kind: kindString},
	"processWrapper":                        {kind: kindString},
	"respectGitignore":                      {kind: kindBool},
	"breakReminder":                         {kind: kindObject},
	"quietHours":                            {kind: kindObject},
	"cleanupPeriodDays":                     {kind: kindNumber, num: positiveInt},
	"desktopSessionCleanupPeriodDays":       {kind: kindNumber, num: nonNegativeInt},
	"syncClaudeAiSkills":                    {kind: kindBool},
	"syncClaudeAiPlugins":                   {kind: kindBool},
	"skillListingMaxDescChars":              {kind: kindNumber, num: positiveInt},
	"skillListingBudgetFraction":            {kind: kindNumber, num: fraction},
	"wslInheritsWindowsSettings":            {kind: kindBool},
	"attributionProject":                    {kind: kindString},
	"attributionProjectPolicy":              {kind: kindObject},
	"includeCoAuthoredBy":                   {kind: kindBool},
	"includeGitInstructions":                {kind: kindBool},
	"model":                                 {kind: kindString},
	"fallbackModel":                         {kind: kindArray, elem: kindString},
	"availableModels":                       {kind: kindArray, elem: kindString},
	"enforceAvailableModels":                {kind: kindBool},
	"availableModelsMatch":                  {kind: kindString, enum: []string{"prefix", "exact"}},
	"deniedModels":                          {kind: kindArray, elem: kindString},
	"modelOverrides":                        {kind: kindObject},
	"modelPicker":                           {kind: kindObject},
	"modelPricing":                          {kind: kindObject},
	"modelCatalogUrl":                       {kind: kindString},
	"modelCatalogPublicKey":                 {kind: kindString},
	"enableAllProjectMcpServers":            {kind: kindBool},
	"enabledMcpjsonServers":                 {kind: kindArray, elem: kindString},
	"disabledMcpjsonServers":                {kind: kindArray, elem: kindString},
	"disableClaudeAiConnectors":             {kind: kindBool},
	"skillOverrides":                        {kind: kindObject},
	"disableBundledSkills":                  {kind: kindBool},
	"worktree":                              {kind: kindObject},
	"disableAllHooks":                       {kind: kindBool},
	"disableReplyCheck":                     {kind: kindBool},
	"disableAgentView":                      {kind: kindBool},
	"disableRemoteControl":                  {kind: kindBool},
	"disableWorkflows":                      {kind: kindBool},
	"disableArtifact":                       {kind: kindBool},
	"enableArtifact":                        {kind: kindBool},
	"enableWorkflows":                       {kind: kindBool},
	"workflowSizeGuideline":                 {kind: kindString, enum: []string{"unrestricted", "small", "medium", "large"}},
	"workflowKeywordTriggerEnabled":         {kind: kindBool},
	"disableSkillShellExecution":            {kind: kindBool},
	"disableWindowsBashCommandSplit":        {kind: kindBool},
	"defaultShell":                          {kind: kindString, enum: []string{"bash", "powershell"}},
	"bashEditDiffEnabled":                   {kind: kindBool},
	"respondToBashCommands":                 {kind: kindBool},
	"allowManagedHooksOnly":                 {kind: kindBool},
	"allowedHttpHookUrls":                   {kind: kindArray, elem: kindString},
	"httpHookAllowedEnvVars":                {kind: kindArray, elem: kindString},
	"allowManagedPermissionRulesOnly":       {kind: kindBool},
	"allowManagedMcpServersOnly":            {kind: kindBool},
	"allowAllClaudeAiMcps":                  {kind: kindBool},
	"allowClaudeInChromeWithManagedMcp":     {kind: kindBool},
	"prUrlTemplate":                         {kind: kindString},
	"enabledPlugins":                        {kind: kindObject},
	"disableCommandPluginSources":           {kind: kindBool},
	"disableSideloadFlags":                  {kind: kindBool},
	"pluginSuggestionMarketplaces":          {kind: kindArray, elem: kindString},
	"parentSettingsBehavior":                {kind: kindString, enum: []string{"first-wins", "merge"}},
	"managedSourcesBehavior":                {kind: kindString, enum: []string{"first-wins", "merge"}},
	"allowNestedModelAccessUnderForceLogin": {kind: kindBool},
	"forceRemoteSettingsRefresh":            {kind: kindBool},
	"otelHeadersHelper":                     {kind: kindString},
	"outputStyle":                           {kind: kindString},
	"language":                              {kind: kindString},
	"skipWebFetchPreflight":                 {kind: kindBool},
	"feedbackSurveyRate":                    {kind: kindNumber, num: unitInterval},
	"feedbackDrafts":                        {kind: kindString, enum: []string{"notify", "quiet", "off"}},
	"spinnerTipsEnabled":                    {kind: kindBool},
	"clawdFileProgressEnabled":              {kind: kindBool},
	"spinnerVerbs": {kind: kindObject, fields: map[string]keyShape{
		"mode":  {kind: kindString, enum: []string{"append", "replace"}},
		"verbs": {kind: kindArray, elem: kindString},
	}},
	"syntaxHighlightingDisabled":        {kind: kindBool},
	"terminalTitleFromRename":           {kind: kindBool},
	"alwaysThinkingEnabled":             {kind: kindBool},
	"advisorModel":                      {kind: kindString},
	"fastMode":                          {kind: kindBool},
	"fastModePerSessionOptIn":           {kind: kindBool},
	"promptSuggestionEnabled":           {kind: kindBool},
	"emojiCompletionEnabled":            {kind: kindBool},
	"awaySummaryEnabled":                {kind: kindBool},
	"responseComparisonEnabled":         {kind: kindBool},
	"showClearContextOnPlanAccept":      {kind: kindBool},
	"agent":                             {kind: kindString},
	"companyAnnouncements":              {kind: kindArray, elem: kindString},
	"pluginConfigs":                     {kind: kindObject},
	"remote":                            {kind: kindObject},
	"autoUpdatesChannel":                {kind: kindString, enum: []string{"latest", "stable", "rc"}},
	"minimumVersion":                    {kind: kindString},
	"requiredMinimumVersion":            {kind: kindString},
	"requiredMaximumVersion":            {kind: kindString},
	"downloadsMirrorUrl":                {kind: kindString},
	"plansDirectory":                    {kind: kindString},
	"tui":                               {kind: kindString, enum: []string{"default", "fullscreen"}},
	"voice":                             {kind: kindObject},
	"channelsEnabled":                   {kind: kindBool},
	"prefersReducedMotion":              {kind: kindBool},
	"timeZone":                          {kind: kindString},
	"doneMeansMerged":                   {kind: kindBool},
	"totalTokensReminder":               {kind: kindString, enum: []string{"off", "infinite", "fixed", "countdown", "padded-countdown"}},
	"totalTokensReminderBudget":         {kind: kindNumber, num: positiveInt},
	"totalTokensReminderAfterUserTurn":  {kind: kindBool},
	"autoMemoryEnabled":                 {kind: kindBool},
	"autoMemoryDirectory":               {kind: kindString},
	"autoDreamEnabled":                  {kind: kindBool},
	"showThinkingSummaries":             {kind: kindBool},
	"skipDangerousModePermissionPrompt": {kind: kindBool},
	"skipWorkflowUsageWarning":          {kind: kindBool},
	"disableAutoMode":                   {kind: kindString, enum: []string{"disable"}},
	"remoteTools":                       {kind: kindObject},
	"claudeMd":                          {kind: kindString},
	"claudeMdExcludes":                  {kind: kindArray, elem: kindString},
	"pluginTrustMessage":                {kind: kindString},
	"verbose":                           {kind: kindBool},
	"autoCompactEnabled":                {kind: kindBool},
	"precomputeCompactionEnabled":       {kind: kindBool},
	"idleCompaction":                    {kind: kindBool},
	"switchModelsOnFlag":                {kind: kindBool},
	"autoContinueAtUsageLimit":          {kind: kindBool},
	"autoScrollEnabled":                 {kind: kindBool},
	"wheelScrollAccelerationEnabled":    {kind: kindBool},
	"fileCheckpointingEnabled":          {kind: kindBool},
	"showTurnDuration":                  {kind: kindBool},
	"showMessageTimestamps":             {kind: kindBool},
	"terminalProgressBarEnabled":        {kind: kindBool},
	"todoFeatureEnabled":                {kind: kindBool},
	"remoteControlAtStartup":            {kind: kindBool},
	"remoteControl":                     {kind: kindObject},
	"isolatePeerMachines":               {kind: kindBool},
	"daemonColdStart":                   {kind: kindString, enum: []string{"transient", "ask"}},
	"autoUploadSessions":                {kind: kindBool},
	"inputNeededNotifEnabled":           {kind: kindBool},
	"agentPushNotifEnabled":             {kind: kindBool},
}

// agentPermissionShapes are the keys of "permissions" Claude Code checks
// strictly beside the rule lists, defaultMode and additionalDirectories,
// which the decoder reads itself.
var agentPermissionShapes = map[string]keyShape{
	"disableBypassPermissionsMode":                {kind: kindString, enum: []string{"disable"}},
	"blockReadsOutsideWorkingDirectories":         {kind: kindBool},
	"blockFileToolReadsOutsideWorkingDirectories": {kind: kindBool},
	"blockWritesOutsideWorkingDirectories":        {kind: kindBool},
	"disableAutoMode":                             {kind: kindString, enum: []string{"disable"}},
	"denyInsteadOfPrompting":                      {kind: kindBool},
}
