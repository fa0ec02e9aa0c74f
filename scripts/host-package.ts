// The package.json of release/, the one a production host installs with `npm ci --omit=dev`
// (scripts/release.sh, docs/deploy.md step 1): every @urnkit package from its tarball, so that npm
// never looks for them in a registry, and the workspace's `overrides`, so that the host resolves
// the run-time dependencies as the workspace does (light-my-request is pinned there because its
// later versions pull in a cookie that requires Node 22). An override that refers to one of the
// workspace's own dependencies ("$typescript") is left out: the host has no such dependency, npm
// would refuse the reference, and what it pins is a development tool.

export interface WorkspaceManifest {
  overrides?: Record<string, unknown>;
}

export interface CliManifest {
  version: string;
  engines?: Record<string, string>;
}

export interface HostManifest {
  name: string;
  version: string;
  private: true;
  description: string;
  license: string;
  engines: Record<string, string> | undefined;
  dependencies: Record<string, string>;
  overrides?: Record<string, unknown>;
}

/** An override value without its references to the workspace's dependencies; null when none is left. */
function withoutReferences(value: unknown): unknown {
  if (typeof value === "string") return value.startsWith("$") ? null : value;
  if (value === null || typeof value !== "object") return value;
  const kept: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    const carried = withoutReferences(inner);
    if (carried !== null) kept[name] = carried;
  }
  return Object.keys(kept).length === 0 ? null : kept;
}

/** The workspace's overrides as the host can use them (see the header). */
export function hostOverrides(workspace: WorkspaceManifest): Record<string, unknown> {
  const carried = withoutReferences(workspace.overrides ?? {});
  return (carried ?? {}) as Record<string, unknown>;
}

/** The host's package.json for the tarballs in `dependencies` (package name → "file:…"). */
export function hostPackage(
  workspace: WorkspaceManifest,
  cli: CliManifest,
  dependencies: Record<string, string>,
): HostManifest {
  const overrides = hostOverrides(workspace);
  return {
    name: "urnkit-host",
    version: cli.version,
    private: true,
    description: `urnkit ${cli.version} as installed on a host: npm ci --omit=dev, then node_modules/.bin/urnkit`,
    license: "MIT",
    engines: cli.engines,
    dependencies,
    ...(Object.keys(overrides).length === 0 ? {} : { overrides }),
  };
}
