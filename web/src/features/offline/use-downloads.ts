import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NarrationVoiceId } from '../../../../lambdas/contract/narration';
import { useAuth } from '../../app/providers/auth-provider';
import { downloadCourse, downloadedCourses, removeDownload } from './downloads';

/** The learner's downloaded courses, read from this device (never from the server). */
export const downloadsKey = (userId: string | undefined) => ['sin-conexion', 'cursos', userId ?? ''] as const;

/** Which of the learner's courses are on this device, and the ways to add, refresh and remove one. */
export function useDownloadedCourses() {
  const userId = useAuth().user?.id;
  const client = useQueryClient();
  const key = downloadsKey(userId);
  const query = useQuery({ queryKey: key, queryFn: () => downloadedCourses(userId!), enabled: !!userId, networkMode: 'always', staleTime: Number.POSITIVE_INFINITY });
  const changed = () => client.invalidateQueries({ queryKey: key });
  return {
    copies: query.data,
    /** `voz`: with the audio of the lessons already narrated in that voice. */
    download: async (courseId: string, voz?: NarrationVoiceId) => {
      const copy = await downloadCourse(userId!, courseId, voz);
      await changed();
      return copy;
    },
    remove: async (courseId: string) => {
      await removeDownload(userId!, courseId);
      await changed();
    },
  };
}
