// Process control that Swift cannot call itself: prctl(2) is variadic, so Swift does not import it.
#ifndef CONCORD_PROCESS_CONTROL_H
#define CONCORD_PROCESS_CONTROL_H
#ifdef __linux__
#include <spawn.h>
#include <sys/prctl.h>

/// posix_spawn_file_actions_addclosefrom_np(3) (glibc 2.34): the child closes every descriptor
/// from `from` on, after the file actions added before it (the dup2s onto 0, 1 and 2). <spawn.h>
/// declares it only under _GNU_SOURCE, which Swift's import of Glibc does not define: declared
/// here as <spawn.h> does.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

static inline int concord_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/// Makes this process a child subreaper (PR_SET_CHILD_SUBREAPER): a descendant orphaned by its
/// parent, even one in another session (setsid), is reparented to this process instead of init.
/// 0 on success, -1 with errno set.
static inline int concord_become_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL);
}

/// 1 when this process is a child subreaper, 0 when not, -1 with errno set.
static inline int concord_is_child_subreaper(void) {
    int value = 0;
    if (prctl(PR_GET_CHILD_SUBREAPER, (unsigned long)&value, 0UL, 0UL, 0UL) != 0) return -1;
    return value != 0;
}
#endif
#endif
